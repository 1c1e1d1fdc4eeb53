/**
 * The platform API records as zod schemas and types, shared by the server client and the emulator.
 *
 * @packageDocumentation
 */
export {
  breakpointsSchema,
  borderSchema,
  COLUMN_FORMAT_TYPES,
  columnFormatOverrideSchema,
  DASHBOARD_STATUSES,
  dashboardConfigInputSchema,
  dashboardConfigSchema,
  dashboardLayoutSchema,
  dashboardSchema,
  dashboardThemeInputSchema,
  dashboardWidgetSchema,
  fillMissingRowsSchema,
  publishDashboardInputSchema,
  REPORT_SNAPSHOT_KINDS,
  reportSnapshotPreferencesSchema,
  reportSnapshotSchema,
  responsiveLayoutsSchema,
  textStyleSchema,
  titleStyleSchema,
  WIDGET_TYPES,
  widgetPositionSchema,
} from './dashboard.js';
export type {
  Border,
  Breakpoints,
  ColumnFormatOverride,
  Dashboard,
  DashboardConfig,
  DashboardConfigInput,
  DashboardLayout,
  DashboardLayoutInput,
  DashboardStatus,
  DashboardThemeInput,
  DashboardWidget,
  DashboardWidgetInput,
  FillMissingRows,
  PublishDashboardInput,
  ReportSnapshot,
  ReportSnapshotKind,
  ReportSnapshotPreferences,
  ResponsiveLayouts,
  TextStyle,
  TitleStyle,
  WidgetPosition,
  WidgetType,
} from './dashboard.js';
export {
  chatChunkSchema,
  chatRequestSchema,
  loadQuerySchema,
  loadRequestSchema,
  metaSchema,
  queryResultSchema,
  sqlRequestSchema,
} from './dataAndAi.js';
export type { ChatChunk, ChatRequest, DataMeta, LoadQuery, LoadRequest, QueryResult, SqlRequest } from './dataAndAi.js';
export {
  EMBED_TENANT_NAME_PATTERN,
  generateSessionInputSchema,
  generateSessionResponseSchema,
  groupDefinitionSchema,
  revokeSessionInputSchema,
  userAttributeDefinitionSchema,
  userProfileSchema,
} from './embedSession.js';
export type {
  GenerateSessionInput,
  GenerateSessionNewerFields,
  GenerateSessionResponse,
  GroupDefinition,
  UserAttributeDefinition,
  UserProfile,
} from './embedSession.js';
export { embedSessionSettingsSchema, PLACEMENT_ADDRESS_OPTIONS, SESSION_SETTING_SWITCHES } from './embedSessionSettings.js';
export type { EmbedSessionSettings, SessionSettingSwitch } from './embedSessionSettings.js';
export { USER_ATTRIBUTE_TYPES, userAttributeValueSchema } from './userAttributes.js';
export type { UserAttributeType, UserAttributeValue } from './userAttributes.js';
export {
  cursorPageSchema,
  embedTenantGroupPageSchema,
  embedTenantGroupSchema,
  embedTenantUserAttributePageSchema,
  embedTenantUserAttributeSchema,
} from './embedTenantAdmin.js';
export type { CursorPage, EmbedTenantGroup, EmbedTenantUserAttribute } from './embedTenantAdmin.js';
export {
  DASHBOARD_EXPORT_FORMATS,
  DASHBOARD_EXPORT_LAYOUTS,
  DASHBOARD_EXPORT_STATUSES,
  dashboardExportInputSchema,
  dashboardExportJobSchema,
  renderAsSchema,
} from './dashboardExport.js';
export type {
  DashboardExportFormat,
  DashboardExportInput,
  DashboardExportJob,
  DashboardExportLayout,
  DashboardExportStatus,
  RenderAs,
} from './dashboardExport.js';
export {
  apiErrorBodySchema,
  deploymentListSchema,
  deploymentSchema,
  scimListResponseSchema,
  scimUserSchema,
} from './managementRecords.js';
export type { ApiErrorBody, Deployment, DeploymentList, ScimListResponse, ScimUser } from './managementRecords.js';
