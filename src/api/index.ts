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
export { EMBED_TENANT_NAME_PATTERN, generateSessionInputSchema, generateSessionResponseSchema } from './embedSession.js';
export type { GenerateSessionInput, GenerateSessionResponse } from './embedSession.js';
export {
  apiErrorBodySchema,
  deploymentListSchema,
  deploymentSchema,
  scimListResponseSchema,
  scimUserSchema,
} from './managementRecords.js';
export type { ApiErrorBody, Deployment, DeploymentList, ScimListResponse, ScimUser } from './managementRecords.js';
