import * as z from 'zod/mini';

/** `T|null` fields of the platform's tables: may be absent or null. */
const maybe = <T extends z.core.SomeType>(schema: T) => z.optional(z.nullable(schema));
const freeForm = z.record(z.string(), z.unknown());

/** Widget types of a dashboard. */
export const WIDGET_TYPES = ['CHART', 'TEXT', 'FILTER', 'AI', 'TABS_CONTAINER', 'TIME_GRAIN'] as const;
/** Kinds of a report snapshot. */
export const REPORT_SNAPSHOT_KINDS = ['vega', 'table', 'kpi', 'html', 'map'] as const;
/** Dashboard states. */
export const DASHBOARD_STATUSES = ['draft', 'published', 'archived'] as const;
/** Column format types. */
export const COLUMN_FORMAT_TYPES = ['currency', 'percent', 'number'] as const;

/** Breakpoints (also column counts per breakpoint): optional integer|null `lg`, `md`, `sm`, `xs`, `xxs`. */
export const breakpointsSchema = z.object({
  lg: maybe(z.int()),
  md: maybe(z.int()),
  sm: maybe(z.int()),
  xs: maybe(z.int()),
  xxs: maybe(z.int()),
});

/** DashboardLayout / DashboardLayoutInput (same fields). */
export const dashboardLayoutSchema = z.object({
  breakpoints: maybe(breakpointsSchema),
  cols: maybe(breakpointsSchema),
  containerPadding: maybe(z.array(z.int())),
  margin: maybe(z.array(z.int())),
  rowHeight: maybe(z.int()),
});

/** WidgetPosition: integer `x`, `y`, `w`, `h`, all required. */
export const widgetPositionSchema = z.object({ x: z.int(), y: z.int(), w: z.int(), h: z.int() });

/** ResponsiveLayouts: a WidgetPosition (or null) per breakpoint. */
export const responsiveLayoutsSchema = z.object({
  lg: maybe(widgetPositionSchema),
  md: maybe(widgetPositionSchema),
  sm: maybe(widgetPositionSchema),
  xs: maybe(widgetPositionSchema),
  xxs: maybe(widgetPositionSchema),
});

/** DashboardWidget / DashboardWidgetInput (same fields). */
export const dashboardWidgetSchema = z.object({
  id: z.string(),
  type: z.enum(WIDGET_TYPES),
  position: widgetPositionSchema,
  responsiveLayouts: maybe(responsiveLayoutsSchema),
  config: maybe(freeForm),
  style: maybe(freeForm),
});

/** Border: optional string|null `color`, `radius`, `style`, `width`. */
export const borderSchema = z.object({
  color: maybe(z.string()),
  radius: maybe(z.string()),
  style: maybe(z.string()),
  width: maybe(z.string()),
});

/** TitleStyle: optional string|null `color`, `fontFamily`, `fontSize`, `fontWeight`. */
export const titleStyleSchema = z.object({
  color: maybe(z.string()),
  fontFamily: maybe(z.string()),
  fontSize: maybe(z.string()),
  fontWeight: maybe(z.string()),
});

/** TextStyle: optional string|null `codeFontFamily`, `color`, `fontFamily`, `secondaryColor`. */
export const textStyleSchema = z.object({
  codeFontFamily: maybe(z.string()),
  color: maybe(z.string()),
  fontFamily: maybe(z.string()),
  secondaryColor: maybe(z.string()),
});

/** DashboardThemeInput (input only; every field optional and nullable). */
export const dashboardThemeInputSchema = z.object({
  themeId: maybe(z.string()),
  primaryColor: maybe(z.string()),
  backgroundColor: maybe(z.string()),
  fontFamily: maybe(z.string()),
  dashboard: maybe(z.object({ backgroundColor: maybe(z.string()), padding: maybe(z.string()) })),
  controls: maybe(
    z.object({
      backgroundColor: maybe(z.string()),
      padding: maybe(z.string()),
      border: maybe(borderSchema),
      title: maybe(titleStyleSchema),
    }),
  ),
  widgets: maybe(
    z.object({
      backgroundColor: maybe(z.string()),
      margin: maybe(z.string()),
      padding: maybe(z.string()),
      border: maybe(borderSchema),
      text: maybe(textStyleSchema),
      title: maybe(titleStyleSchema),
    }),
  ),
});

/** DashboardConfig (output): `theme` is free-form on output. */
export const dashboardConfigSchema = z.object({
  title: maybe(z.string()),
  description: maybe(z.string()),
  layout: maybe(dashboardLayoutSchema),
  settings: maybe(freeForm),
  theme: maybe(freeForm),
  widgets: maybe(z.array(dashboardWidgetSchema)),
});

/** DashboardConfigInput: as the output, with `theme` a DashboardThemeInput. */
export const dashboardConfigInputSchema = z.object({
  title: maybe(z.string()),
  description: maybe(z.string()),
  layout: maybe(dashboardLayoutSchema),
  settings: maybe(freeForm),
  theme: maybe(dashboardThemeInputSchema),
  widgets: maybe(z.array(dashboardWidgetSchema)),
});

/** FillMissingRows. */
export const fillMissingRowsSchema = z.object({
  member: z.string(),
  excludedDimensions: maybe(z.array(z.string())),
});

/** ColumnFormatOverride. */
export const columnFormatOverrideSchema = z.object({
  type: z.enum(COLUMN_FORMAT_TYPES),
  decimalPlaces: maybe(z.int()),
});

/** ReportSnapshotPreferences. */
export const reportSnapshotPreferencesSchema = z.object({
  columnFormats: maybe(z.record(z.string(), columnFormatOverrideSchema)),
});

/** ReportSnapshot. */
export const reportSnapshotSchema = z.object({
  id: z.int(),
  reportId: z.int(),
  versionNumber: z.int(),
  kind: maybe(z.enum(REPORT_SNAPSHOT_KINDS)),
  name: maybe(z.string()),
  title: maybe(z.string()),
  description: maybe(z.string()),
  sqlQuery: maybe(z.string()),
  spec: maybe(z.union([z.string(), freeForm])),
  meta: maybe(freeForm),
  fillMissingRows: maybe(fillMissingRowsSchema),
  preferences: maybe(reportSnapshotPreferencesSchema),
});

/** Dashboard: the response of publish. Extra fields the platform adds pass (and are dropped). */
export const dashboardSchema = z.object({
  id: z.int(),
  publicId: z.string(),
  deploymentId: z.int(),
  workbookId: z.int(),
  status: z.enum(DASHBOARD_STATUSES),
  allowEmbed: z.boolean(),
  config: dashboardConfigSchema,
  versionNumber: z.int(),
  versionId: z.int(),
  reportSnapshots: z.array(reportSnapshotSchema),
  createdBy: maybe(z.int()),
  description: maybe(z.string()),
  title: maybe(z.string()),
  fromSharedWorkspace: maybe(z.boolean()),
  restrictDataDownload: maybe(z.boolean()),
  useBoardDashboards: maybe(z.boolean()),
});

/** PublishDashboardInput: the optional body of publish. */
export const publishDashboardInputSchema = z.object({
  workbookId: z.int(),
  dashboardId: maybe(z.int()),
  title: maybe(z.string()),
  description: maybe(z.string()),
  config: maybe(dashboardConfigInputSchema),
});

/** A published dashboard. */
export type Dashboard = z.infer<typeof dashboardSchema>;
/** A dashboard's configuration (output). */
export type DashboardConfig = z.infer<typeof dashboardConfigSchema>;
/** A dashboard's configuration (input). */
export type DashboardConfigInput = z.input<typeof dashboardConfigInputSchema>;
/** A dashboard widget. */
export type DashboardWidget = z.infer<typeof dashboardWidgetSchema>;
/** A widget type. */
export type WidgetType = (typeof WIDGET_TYPES)[number];
/** A widget's grid position. */
export type WidgetPosition = z.infer<typeof widgetPositionSchema>;
/** A dashboard layout (output). */
export type DashboardLayout = z.infer<typeof dashboardLayoutSchema>;
/** A dashboard layout (input): the same fields as the output. */
export type DashboardLayoutInput = z.input<typeof dashboardLayoutSchema>;
/** Breakpoints, or column counts per breakpoint. */
export type Breakpoints = z.infer<typeof breakpointsSchema>;
/** A widget's position per breakpoint. */
export type ResponsiveLayouts = z.infer<typeof responsiveLayoutsSchema>;
/** A dashboard widget (input): the same fields as the output. */
export type DashboardWidgetInput = z.input<typeof dashboardWidgetSchema>;
/** A border style of a dashboard theme. */
export type Border = z.input<typeof borderSchema>;
/** A title style of a dashboard theme. */
export type TitleStyle = z.input<typeof titleStyleSchema>;
/** A text style of a dashboard theme. */
export type TextStyle = z.input<typeof textStyleSchema>;
/** How a report fills rows missing from a query result. */
export type FillMissingRows = z.infer<typeof fillMissingRowsSchema>;
/** A column's number format. */
export type ColumnFormatOverride = z.infer<typeof columnFormatOverrideSchema>;
/** A report snapshot's display preferences. */
export type ReportSnapshotPreferences = z.infer<typeof reportSnapshotPreferencesSchema>;
/** The kind of a report snapshot. */
export type ReportSnapshotKind = (typeof REPORT_SNAPSHOT_KINDS)[number];
/** A dashboard state. */
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];
/** A dashboard theme (input). */
export type DashboardThemeInput = z.input<typeof dashboardThemeInputSchema>;
/** A report snapshot. */
export type ReportSnapshot = z.infer<typeof reportSnapshotSchema>;
/** The body of publish. */
export type PublishDashboardInput = z.input<typeof publishDashboardInputSchema>;
