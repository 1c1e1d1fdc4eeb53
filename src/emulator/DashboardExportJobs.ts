import { randomBytes } from 'node:crypto';
import type * as z from 'zod/mini';
import type { DashboardExportFormat, DashboardExportLayout, DashboardExportStatus, renderAsSchema } from '../api/dashboardExport.js';
import { EmulatorHttpError } from './EmulatorHttpError.js';
import type { ExportFile } from './renderDashboardExport.js';

/** How long a job and its file are kept after submission, as the platform keeps them. */
export const EXPORT_RETENTION_MS = 5 * 60 * 1000;
/** How long each step (queued, rendering) lasts at most on the emulator's clock; each poll also moves one step. */
export const EXPORT_STEP_MS = 200;

/** Who an export was rendered as: the API caller, or an embed user given with `renderAs`. */
export type RenderedAs =
  | { readonly kind: 'caller' }
  | { readonly kind: 'embed-user'; readonly externalId?: string; readonly internalId?: string | number; readonly embedTenantName?: string };

/** Who an export renders as, from its request's `renderAs`. */
export function renderedAsOf(renderAs: z.infer<typeof renderAsSchema> | undefined): RenderedAs {
  if (renderAs === undefined) return { kind: 'caller' };
  if ('internalId' in renderAs) return { kind: 'embed-user', internalId: renderAs.internalId };
  return { kind: 'embed-user', externalId: renderAs.externalId, ...(renderAs.embedTenantName === undefined ? {} : { embedTenantName: renderAs.embedTenantName }) };
}

/** Who an export rendered as, in words, for the file. */
export function describeRenderedAs(renderedAs: RenderedAs): string {
  if (renderedAs.kind === 'caller') return 'the API caller';
  const tenant = renderedAs.embedTenantName === undefined ? '' : ` of embed tenant ${renderedAs.embedTenantName}`;
  return `embed user ${String(renderedAs.externalId ?? renderedAs.internalId)}${tenant}`;
}

/** An export job as the emulator keeps it. */
export interface DashboardExportJobRecord {
  readonly jobId: string;
  readonly deploymentId: number;
  readonly publicId: string;
  readonly format: DashboardExportFormat;
  readonly layout: DashboardExportLayout;
  readonly renderedAs: RenderedAs;
  readonly submittedAt: number;
  status: DashboardExportStatus;
  /** Polls answered so far: each moves a job one step on, so a client that polls sees it finish quickly. */
  polls: number;
  error?: string;
  file?: ExportFile;
}

/**
 * The dashboard export jobs: queued, then rendering, then done (a step per poll, or per
 * {@link EXPORT_STEP_MS} on the clock, whichever comes first), dropped with their files
 * {@link EXPORT_RETENTION_MS} after submission.
 */
export class DashboardExportJobs {
  private readonly jobs = new Map<string, DashboardExportJobRecord>();
  /** How each job still to render makes its file. */
  private readonly renderers = new Map<string, () => ExportFile>();

  constructor(private readonly now: () => number) {}

  /** Drops every job older than the retention. */
  private sweep(): void {
    const now = this.now();
    for (const [id, job] of this.jobs) if (now - job.submittedAt >= EXPORT_RETENTION_MS) this.jobs.delete(id);
  }

  /** Queues a job; `render` makes its file when the job reaches `done`. */
  start(
    job: Omit<DashboardExportJobRecord, 'jobId' | 'submittedAt' | 'status' | 'polls'>,
    render: () => ExportFile,
  ): DashboardExportJobRecord {
    this.sweep();
    const record: DashboardExportJobRecord = { ...job, jobId: `exp_${randomBytes(12).toString('hex')}`, submittedAt: this.now(), status: 'queued', polls: 0 };
    this.jobs.set(record.jobId, record);
    this.renderers.set(record.jobId, render);
    return record;
  }

  /** A job of this deployment, moved on to where it is now; 404 when unknown, of another deployment or dropped. */
  get(deploymentId: number, jobId: string, poll = false): DashboardExportJobRecord {
    this.sweep();
    const job = this.jobs.get(jobId);
    if (!job || job.deploymentId !== deploymentId) {
      throw new EmulatorHttpError(404, `no dashboard export "${jobId.slice(0, 80)}" in deployment ${deploymentId} (jobs are dropped 5 minutes after submission)`);
    }
    if (poll) job.polls += 1;
    const steps = Math.max(job.polls, Math.floor((this.now() - job.submittedAt) / EXPORT_STEP_MS));
    if (job.status === 'queued' && steps >= 1) job.status = 'rendering';
    if (job.status === 'rendering' && steps >= 2) {
      try {
        const file = this.renderers.get(jobId)?.();
        if (file) {
          job.file = file;
          job.status = 'done';
        } else {
          job.status = 'failed';
          job.error = 'the dashboard could not be rendered';
        }
      } catch (error) {
        job.status = 'failed';
        job.error = `the dashboard could not be rendered: ${error instanceof Error ? error.message : 'unknown error'}`;
      }
      this.renderers.delete(jobId);
    }
    return job;
  }

  /** The file of a finished job; 409 while it is not done, 404 as {@link DashboardExportJobs.get}. */
  file(deploymentId: number, jobId: string): ExportFile {
    const job = this.get(deploymentId, jobId);
    if (job.status !== 'done' || !job.file) {
      throw new EmulatorHttpError(409, `dashboard export "${jobId.slice(0, 80)}" is ${job.status}, not done: poll it until it is`);
    }
    return job.file;
  }

  /** Every job still kept (for tests and the control routes). */
  list(): readonly DashboardExportJobRecord[] {
    this.sweep();
    return [...this.jobs.values()];
  }
}
