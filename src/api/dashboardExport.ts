import * as z from 'zod/mini';

/** The file formats a dashboard export renders to. */
export const DASHBOARD_EXPORT_FORMATS = ['png', 'pdf'] as const;
/** The layouts of a dashboard export: the dashboard as seen, or the paginated A4 print layout (PDF only). */
export const DASHBOARD_EXPORT_LAYOUTS = ['screenshot', 'print'] as const;
/** The states of an export job, in the order a job goes through them (or `failed`). */
export const DASHBOARD_EXPORT_STATUSES = ['queued', 'rendering', 'done', 'failed'] as const;

/**
 * Who an export renders as: by default the caller (the API key's account); with `renderAs`, an embed user,
 * so row-level security and the viewer's attributes apply as they would in that viewer's embed.
 */
export const renderAsSchema = z.union([
  z.strictObject({
    externalId: z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)),
    embedTenantName: z.optional(z.string().check(z.minLength(1))),
  }),
  z.strictObject({ internalId: z.union([z.string().check(z.minLength(1)), z.int()]) }),
]);

/**
 * The body of `POST /v1/deployments/{deploymentId}/dashboard-exports`. The `print` layout (a paginated A4
 * PDF, one column, every table row, a line summing up the filters) needs `format: 'pdf'`: with `png` the
 * platform answers 400.
 */
export const dashboardExportInputSchema = z
  .strictObject({
    publicId: z.string().check(z.minLength(1), z.maxLength(200)),
    format: z.enum(DASHBOARD_EXPORT_FORMATS),
    layout: z.optional(z.enum(DASHBOARD_EXPORT_LAYOUTS)),
    renderAs: z.optional(renderAsSchema),
  })
  .check(
    z.superRefine((input, ctx) => {
      if (input.layout === 'print' && input.format !== 'pdf') {
        ctx.addIssue({ code: 'custom', path: ['layout'], message: 'the print layout is a paginated PDF: it needs format "pdf"', input });
      }
    }),
  );

/**
 * An export job's state, as the start and every poll answer it (one schema for both): `error` says why a
 * `failed` job failed. (The platform's reference names no status shape: this one is the project's decision.)
 */
export const dashboardExportJobSchema = z.looseObject({
  jobId: z.string().check(z.minLength(1)),
  status: z.enum(DASHBOARD_EXPORT_STATUSES),
  error: z.optional(z.nullable(z.string())),
});

/** The body of a dashboard export request. */
export type DashboardExportInput = z.input<typeof dashboardExportInputSchema>;
/** Who an export renders as. */
export type RenderAs = z.input<typeof renderAsSchema>;
/** An export job's state. */
export type DashboardExportJob = z.infer<typeof dashboardExportJobSchema>;
/** A dashboard export's file format. */
export type DashboardExportFormat = (typeof DASHBOARD_EXPORT_FORMATS)[number];
/** A dashboard export's layout. */
export type DashboardExportLayout = (typeof DASHBOARD_EXPORT_LAYOUTS)[number];
/** An export job's status. */
export type DashboardExportStatus = (typeof DASHBOARD_EXPORT_STATUSES)[number];
