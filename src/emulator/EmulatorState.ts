import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { type Dashboard, type DashboardConfig, dashboardSchema, type PublishDashboardInput } from '../api/dashboard.js';
import { svcError } from '../protocol/svcError.js';
import { formatIssues } from '../schemas/formatIssues.js';
import type { GenerateSessionInput } from '../api/embedSession.js';
import { userAttributeValueMatches } from '../api/userAttributes.js';
import {
  DEFAULT_EMBED_TOKEN_LIFETIME,
  type EmbedSessionGrants,
  type EmbedSessionRecord,
  type EmbedTokenLifetime,
  type EmbedTokenRecord,
  type SessionRefusal,
} from './EmbedTokenRecord.js';
import { DashboardExportJobs } from './DashboardExportJobs.js';
import { EmbedTenantDirectory } from './EmbedTenantDirectory.js';
import { EmulatorHttpError } from './EmulatorHttpError.js';
import { NEW_DASHBOARD_WIDGETS } from './newDashboardWidgets.js';
import type { SeedWorkspace } from './seedWorkspace.js';

export type { EmbedSessionGrants, EmbedSessionRecord, EmbedTokenLifetime, EmbedTokenRecord, SessionRefusal };

export { EmulatorHttpError };

/** How long a session may wait for its iframe (five minutes, as the platform documents). */
export const SESSION_TTL_MS = 5 * 60 * 1000;

/** The state file's content: what a restart needs to carry on (sessions are deliberately not kept). */
const persistedStateSchema = z.object({
  version: z.literal(1),
  dashboards: z.array(dashboardSchema),
  nextDashboardId: z.int().check(z.positive()),
  nextVersionId: z.int().check(z.positive()),
});
type PersistedState = z.infer<typeof persistedStateSchema>;

/**
 * The emulator's workspace in memory: seeded deployments, workbooks and users, published dashboards, and
 * embed sessions. Every method either applies a whole change or throws an {@link EmulatorHttpError} and
 * changes nothing. Node runs each request handler's synchronous part to completion, so concurrent publishes
 * of one workbook get consecutive version numbers.
 */
export class EmulatorState {
  readonly seed: SeedWorkspace;
  private readonly dashboards = new Map<number, Dashboard>();
  private readonly sessions = new Map<string, EmbedSessionRecord>();
  private readonly tokens = new Map<string, EmbedTokenRecord>();
  /** The creator-mode groups and user attribute definitions of each embed tenant. */
  readonly embedTenants = new EmbedTenantDirectory();
  /** Dashboard export jobs and their files. */
  readonly exports: DashboardExportJobs;
  private nextDashboardId = 1;
  private nextVersionId = 9000;

  constructor(
    seed: SeedWorkspace,
    private readonly stateFile: string | undefined,
    /** The emulator's clock (tests move it). */
    readonly now: () => number = Date.now,
    private readonly lifetime: EmbedTokenLifetime = DEFAULT_EMBED_TOKEN_LIFETIME,
  ) {
    this.seed = seed;
    this.exports = new DashboardExportJobs(now);
    if (stateFile && this.load(stateFile)) return;
    // A published dashboard from the start, so the playground has something to embed.
    this.publish(42, seed.publishedWorkbookId, { workbookId: seed.publishedWorkbookId, title: 'Sales overview' }, 'sales-overview');
  }

  /** Deployments, at most `first`. */
  listDeployments(first?: number): SeedWorkspace['deployments'] {
    return first === undefined ? this.seed.deployments : this.seed.deployments.slice(0, first);
  }

  hasDeployment(id: number): boolean {
    return this.seed.deployments.some((d) => d.id === id);
  }

  /** The published dashboard with this public id. */
  findDashboard(publicId: string): Dashboard | undefined {
    for (const dashboard of this.dashboards.values()) if (dashboard.publicId === publicId) return dashboard;
    return undefined;
  }

  /** Publishes a workbook's dashboard (see the project's publish semantics). */
  publish(deploymentId: number, workbookId: number, input: PublishDashboardInput | undefined, publicId?: string): Dashboard {
    if (input !== undefined && input.workbookId !== workbookId) {
      throw new EmulatorHttpError(400, `workbookId ${input.workbookId} in the body differs from ${workbookId} in the path`);
    }
    if (!this.hasDeployment(deploymentId)) throw new EmulatorHttpError(404, `deployment ${deploymentId} does not exist`);
    const workbook = this.seed.workbooks.find((w) => w.id === workbookId && w.deploymentId === deploymentId);
    if (!workbook) throw new EmulatorHttpError(404, `workbook ${workbookId} does not exist in deployment ${deploymentId}`);
    let current: Dashboard | undefined;
    if (input?.dashboardId != null) {
      current = this.dashboards.get(input.dashboardId);
      if (!current || current.workbookId !== workbookId) {
        throw new EmulatorHttpError(404, `dashboard ${input.dashboardId} does not belong to workbook ${workbookId}`);
      }
    } else {
      current = [...this.dashboards.values()].find((d) => d.workbookId === workbookId);
    }
    const config: DashboardConfig = input?.config
      ? { ...(current?.config ?? {}), ...(input.config as DashboardConfig) }
      : (current?.config ?? { title: input?.title ?? workbook.name, widgets: NEW_DASHBOARD_WIDGETS, layout: { rowHeight: 60, cols: { lg: 12 } } });
    const widgets = config.widgets ?? [];
    const id = current?.id ?? this.nextDashboardId;
    const versionNumber = (current?.versionNumber ?? 0) + 1;
    const dashboard: Dashboard = {
      id,
      publicId: current?.publicId ?? publicId ?? `dash-${id}-${randomBytes(4).toString('hex')}`,
      deploymentId,
      workbookId,
      status: 'published',
      allowEmbed: true,
      config,
      versionNumber,
      versionId: this.nextVersionId,
      reportSnapshots: widgets
        .filter((w) => w.type === 'CHART')
        .map((w, index) => ({
          id: id * 100 + index,
          reportId: id * 10 + index,
          versionNumber,
          kind: 'vega' as const,
          name: w.id,
          title: typeof w.config?.title === 'string' ? w.config.title : null,
        })),
      createdBy: 1,
      title: input?.title !== undefined ? input.title : (current?.title ?? workbook.name),
      description: input?.description !== undefined ? input.description : (current?.description ?? null),
      fromSharedWorkspace: false,
      restrictDataDownload: false,
      useBoardDashboards: false,
    };
    const nextDashboardId = current ? this.nextDashboardId : this.nextDashboardId + 1;
    const dashboards = new Map(this.dashboards).set(id, dashboard);
    // Saved before anything in memory changes: a publish that cannot be stored leaves no trace.
    this.save(dashboards, nextDashboardId, this.nextVersionId + 1);
    this.dashboards.set(id, dashboard);
    this.nextDashboardId = nextDashboardId;
    this.nextVersionId += 1;
    return dashboard;
  }

  /**
   * Mints a single-use session valid for five minutes. The branch is decided here (404 for one the
   * deployment does not have, 400 for one it does not serve), and the creator-mode bootstrap applied to the
   * embed tenant (a user attribute keeps its type: 400 "cannot change type"), all before anything changes.
   */
  createSession(input: GenerateSessionInput & { readonly deploymentId: number }): string {
    if (!this.hasDeployment(input.deploymentId)) throw new EmulatorHttpError(404, `deployment ${input.deploymentId} does not exist`);
    const branchName = input.branchName ?? 'main';
    const branch = this.seed.branches.find((b) => b.name === branchName);
    if (!branch) throw new EmulatorHttpError(404, `branchName: deployment ${input.deploymentId} has no branch "${branchName.slice(0, 80)}"`);
    if (!branch.served) throw new EmulatorHttpError(400, `branchName: branch "${branch.name}" of deployment ${input.deploymentId} is not served`);
    const tenant = input.embedTenantName;
    if (tenant !== undefined) {
      // An attribute the tenant defined earlier gives its value a type as well.
      for (const attribute of input.userAttributes ?? []) {
        const type = this.embedTenants.attributeType(tenant, attribute.name);
        const defined = input.userAttributeDefinitions?.some((d) => d.name === attribute.name) ?? false;
        if (type !== undefined && !defined && attribute.value !== null && !userAttributeValueMatches(type, attribute.value)) {
          throw new EmulatorHttpError(400, `userAttributes: "${attribute.name.slice(0, 40)}" is defined as ${type} in embed tenant "${tenant}"`);
        }
      }
      if (input.groupDefinitions !== undefined || input.userAttributeDefinitions !== undefined) {
        this.embedTenants.bootstrap(tenant, input.groupDefinitions ?? [], input.userAttributeDefinitions ?? []);
      }
    }
    const id = `ses_${randomBytes(24).toString('base64url')}`;
    this.sessions.set(id, {
      input,
      expiresAt: this.now() + SESSION_TTL_MS,
      used: false,
      revoked: false,
      settings: input.settings ?? {},
      branchName,
      userProfile: input.userProfile ?? null,
    });
    return id;
  }

  /**
   * Revokes a session: its id can no longer be exchanged, and tokens exchanged from it are refused from their
   * next request on, as expired ones. Unknown ids change nothing (the route answers 204 all the same).
   */
  revokeSession(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session) session.revoked = true;
  }

  /**
   * Exchanges a session id for an embed token, as the embed page does with `POST /v1/embed/session/token`:
   * once; a used, revoked, expired or unknown id is refused with the reason the page shows.
   */
  exchangeSession(sessionId: string): ReturnType<EmulatorState['openSession']> {
    return this.openSession({ session: sessionId });
  }

  /**
   * Exchanges a session for an embed token (once), or reads back a token from an earlier exchange. `refuse`
   * is the page's own check of the session (its deployment, its creator mode): when it returns a reason, or
   * the session itself is refused, nothing is consumed, so the session still works on a page that accepts it.
   */
  openSession(
    credential: { readonly session: string } | { readonly token: string },
    refuse: (input: EmbedSessionRecord['input']) => SessionRefusal | null = () => null,
  ): { ok: true; token: string; record: EmbedTokenRecord } | { ok: false; refusal: SessionRefusal } {
    const now = this.now();
    const no = (name: string, message: string) => ({ ok: false as const, refusal: { name, message } });
    if ('token' in credential) {
      const record = this.tokens.get(credential.token);
      if (!record) return no('SessionError', 'The embed token is not valid.');
      // A revoked session's token ends as an expired one does, so the page reports a logout like an expiry.
      if (record.session.revoked) return no('SessionExpiredError', 'The session was revoked: the embed token is no longer valid; mint a new session.');
      if (record.expiresAt <= now) return no('SessionExpiredError', 'The session expired: the embed token is no longer valid; mint a new session.');
      const refusal = refuse(record.session.input);
      return refusal ? { ok: false, refusal } : { ok: true, token: credential.token, record };
    }
    const session = this.sessions.get(credential.session);
    if (!session) return no('SessionError', 'The embed session is not valid.');
    if (session.revoked) return no('SessionError', 'The embed session was revoked.');
    if (session.used) return no('SessionError', 'The embed session was already used: sessions are single-use.');
    if (session.expiresAt <= now) return no('SessionExpiredError', 'The embed session has expired (sessions live five minutes).');
    const refusal = refuse(session.input);
    if (refusal) return { ok: false, refusal };
    session.used = true;
    const token = `emt_${randomBytes(24).toString('base64url')}`;
    const { ttlMs, trustMarginMs, expiringLeadMs } = this.lifetime;
    const expiresAt = now + ttlMs - trustMarginMs;
    const record: EmbedTokenRecord = {
      session,
      mintedAt: now,
      expiresAt,
      expiringAt: expiresAt - expiringLeadMs,
      settings: session.settings,
      branchName: session.branchName,
      userProfile: session.userProfile,
    };
    this.tokens.set(token, record);
    return { ok: true, token, record };
  }

  /** Whether an embed token is still trusted, as a running page asks; the reason when it is not. */
  checkEmbedToken(token: string): { ok: true; record: EmbedTokenRecord } | { ok: false; refusal: SessionRefusal } {
    return this.openSession({ token });
  }

  /**
   * Exchanges a session a running page was handed in place (`svc:action:set-session`) for a new token. The
   * session must be one the page's current token could have come from: the same deployment, the same
   * viewer, creator mode if the current one had it. The current token may have expired (that is when pages
   * renew) but must be one this emulator issued. A refused session is not spent. Messages never name the
   * session or the token: they are credentials.
   */
  renewEmbedToken(currentToken: string, sessionId: string): ReturnType<EmulatorState['openSession']> {
    const current = this.tokens.get(currentToken);
    if (!current) {
      return { ok: false, refusal: { name: 'SessionError', message: 'The embed token this page holds is not one this emulator issued; reload the embed with a new session.' } };
    }
    const held = current.session.input;
    return this.openSession({ session: sessionId }, (input) => {
      if (input.deploymentId !== held.deploymentId) {
        return { name: 'SessionError', message: `This session is for deployment ${input.deploymentId}, not the embed's deployment ${held.deploymentId}.` };
      }
      if ((input.externalId ?? null) !== (held.externalId ?? null) || (input.internalId ?? null) !== (held.internalId ?? null)) {
        return { name: 'SessionError', message: 'This session is for another viewer than the one signed in to the embed.' };
      }
      if (held.creatorMode === true && input.creatorMode !== true) {
        return { name: 'SessionError', message: 'The embed needs a session minted with creatorMode: true.' };
      }
      return null;
    });
  }

  /** Expires every embed token still trusted now (pages holding one end at their next check). Returns how many. */
  expireEmbedTokens(): number {
    const now = this.now();
    let count = 0;
    for (const record of this.tokens.values()) {
      if (record.expiresAt > now) {
        record.expiresAt = now;
        record.expiringAt = Math.min(record.expiringAt, now);
        count += 1;
      }
    }
    return count;
  }

  /**
   * Moves every embed token still trusted now into its expiring window, as the minutes before its end would:
   * pages holding one announce it at their next check. Returns how many were not in it yet.
   */
  warnEmbedTokens(): number {
    const now = this.now();
    let count = 0;
    for (const record of this.tokens.values()) {
      if (record.expiresAt > now && record.expiringAt > now) {
        record.expiringAt = now;
        count += 1;
      }
    }
    return count;
  }

  private save(dashboards: ReadonlyMap<number, Dashboard>, nextDashboardId: number, nextVersionId: number): void {
    if (!this.stateFile) return;
    const state: PersistedState = { version: 1, dashboards: [...dashboards.values()], nextDashboardId, nextVersionId };
    // Write then rename, so a crash never leaves half a file.
    const temporary = `${this.stateFile}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(temporary, this.stateFile);
  }

  /** Reads the state file; `false` when there is none yet. A file that is there but unreadable stops the start. */
  private load(file: string): boolean {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw svcError(808, `The emulator state file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, Error);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw svcError(808, `The emulator state file ${file} is not valid JSON; fix or delete it.`, Error);
    }
    const result = persistedStateSchema.safeParse(json);
    if (!result.success) {
      throw svcError(808, `The emulator state file ${file} is not one this version can read (${formatIssues(result.error.issues, json)}); fix or delete it.`, Error);
    }
    const state = result.data;
    for (const dashboard of state.dashboards) this.dashboards.set(dashboard.id, dashboard);
    const highestId = Math.max(0, ...state.dashboards.map((d) => d.id));
    const highestVersionId = Math.max(0, ...state.dashboards.map((d) => d.versionId));
    // Never hand out an id twice, even from a hand-edited file.
    this.nextDashboardId = Math.max(state.nextDashboardId, highestId + 1);
    this.nextVersionId = Math.max(state.nextVersionId, highestVersionId + 1);
    return true;
  }
}
