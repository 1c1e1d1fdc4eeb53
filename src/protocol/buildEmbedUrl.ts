import type { Surface } from './envelope.js';
import { stringifyFilterValue } from './encodeFilterParameter.js';
import { describeValue } from './describeValue.js';
import { FILTER_PARAMETER_PREFIX, isFilterKey } from './filterKey.js';
import type { Filters } from './filterValue.js';
import { normalizeTenantOrigin } from './normalizeTenantOrigin.js';
import { isReservedAddressParam } from './reservedAddressParams.js';
import { isDevelopment } from './isDevelopment.js';
import { isWellFormedLocale } from './resolveLocale.js';
import type { SvcErrorNumber } from './SvcErrorCode.js';
import { svcError } from './svcError.js';

/** Address parameters the platform is known to accept on a dashboard. Only `false` changes anything. */
export interface DashboardAddressParams {
  /** @default true */
  readonly showDashboardTitle?: boolean;
  /** @default true */
  readonly showDashboardHeader?: boolean;
  /** @default true */
  readonly showDashboardExportMenu?: boolean;
}

/** Address parameters the platform is known to accept on the chat surface. Only `false` changes anything. */
export interface ChatAddressParams {
  /** @default true */
  readonly showNewChat?: boolean;
  /** @default true */
  readonly showChatInput?: boolean;
  /** @default true */
  readonly showChatHistory?: boolean;
}

/** Extra address parameters: the typed known ones, plus any other as an escape hatch. */
export type EmbedAddressParams = DashboardAddressParams &
  ChatAddressParams & { readonly [name: string]: string | number | boolean | undefined };

/** Options of {@link buildEmbedUrl}. */
export interface BuildEmbedUrlOptions {
  /** Which surface to embed. */
  readonly surface: Surface;
  /** The tenant's origin, `https:` (or `http:` on a loopback host). */
  readonly tenantOrigin: string;
  /** The published dashboard's public id (required for `dashboard`). */
  readonly publicId?: string | undefined;
  /** The deployment of the creator-mode app (required for `app`). */
  readonly deploymentId?: number | string | undefined;
  /** An embed session id from generate-session: signed mode. Absent means private mode. */
  readonly session?: string | undefined;
  /** Show the download controls (dashboard only). @default false */
  readonly allowExport?: boolean | undefined;
  /** Filters pre-set through the address (dashboard only), by `<semantic_view>.<dimension>`. */
  readonly filters?: Filters | undefined;
  /** The initial UI language, a BCP 47 tag. */
  readonly locale?: string | undefined;
  /**
   * Extra address parameters. They can never set the session or any other identity (`embedToken`,
   * `token`, ...), filters, locale or allowExport, in any letter case (see `RESERVED_ADDRESS_PARAMS`).
   */
  readonly params?: EmbedAddressParams | undefined;
}

/**
 * Builds the address of an embed (the table "Embed addresses" of the project's spec decisions):
 *
 * | surface | address | session parameter |
 * |---|---|---|
 * | `dashboard` | `{tenantOrigin}/embed/dashboard/{publicId}` | `session` |
 * | `chat` | `{tenantOrigin}/embed/chat` | `sessionId` |
 * | `app` | `{tenantOrigin}/embed/d/{deploymentId}/app` | `session` (required: the app is signed-only) |
 *
 * Values are percent-encoded (`%20`, never `+`), ids must be safe path segments, and nothing in `params`
 * can replace the session.
 *
 * @throws TypeError with a readable reason naming the option, coded `SVC101` to `SVC120` or `SVC130` (message
 * and `code`).
 * @example
 * buildEmbedUrl({ surface: 'dashboard', tenantOrigin: 'https://acme.example.com', publicId: 'sales-q3',
 *   session: sessionId, filters: { 'orders.status': { value: 'completed' } } });
 */
export function buildEmbedUrl(options: BuildEmbedUrlOptions): string {
  const origin = normalizeTenantOrigin(options.tenantOrigin);
  const { surface, session, allowExport, locale, filters, publicId, deploymentId } = options;
  let search = '';
  // Each parameter is percent-encoded on the way in (`%20`, never `+`), which also turns a number or a
  // boolean into its text.
  const add = (name: string, value: string | number | boolean): void => {
    search += `${search ? '&' : '?'}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  };
  let path = '/embed/chat';
  if (surface === 'dashboard') {
    if (typeof publicId !== 'string' || publicId === '') {
      fail(110, isDevelopment ? "publicId is required for the dashboard surface: the published dashboard's public id" : 'publicId');
    }
    // Unreserved URL characters only (so the id is its own percent-encoding), and not only dots (which would
    // walk up the path).
    if (!/^(?!\.+$)[A-Za-z0-9._~-]{1,200}$/.test(publicId)) {
      fail(
        111,
        isDevelopment
          ? `publicId ${describeValue(publicId)} is not a safe id: use letters, digits, ".", "_", "~" and "-" (not only dots)`
          : 'publicId',
      );
    }
    path = `/embed/dashboard/${publicId}`;
  } else if (surface === 'app') {
    const id = typeof deploymentId === 'number' ? String(deploymentId) : deploymentId;
    if (typeof id !== 'string' || !/^[1-9][0-9]{0,15}$/.test(id)) {
      fail(
        112,
        isDevelopment
          ? `deploymentId is required for the app surface and must be a positive integer, got ${describeValue(deploymentId)}`
          : 'deploymentId',
      );
    }
    path = `/embed/d/${id}/app`;
    if (session === undefined) {
      fail(
        113,
        isDevelopment
          ? 'session is required for the app surface: creator mode is signed-only (mint one with generate-session)'
          : 'session',
      );
    }
  } else if (surface !== 'chat') {
    fail(114, isDevelopment ? `surface must be "dashboard", "app" or "chat", got ${describeValue(surface)}` : 'surface');
  }
  if (session !== undefined) {
    if (typeof session !== 'string' || session.trim() === '') fail(115, isDevelopment ? 'session must be a non-empty session id' : 'session');
    add(surface === 'chat' ? 'sessionId' : 'session', session);
  }
  for (const [name, value] of [['allowExport', allowExport], ['filters', filters]] as const) {
    if (value !== undefined && surface !== 'dashboard') {
      fail(116, isDevelopment ? `${name} applies to the dashboard surface only` : name);
    }
  }
  if (allowExport) add('allowExport', 'true');
  if (locale !== undefined) {
    if (!isWellFormedLocale(locale)) {
      fail(117, isDevelopment ? `locale ${describeValue(locale)} is not a BCP 47 language tag such as "en-US" or "de"` : 'locale');
    }
    add('locale', locale);
  }
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (!isFilterKey(key)) {
      fail(130, isDevelopment ? `filters: key ${describeValue(key)} is not of the form "<semantic_view>.<dimension>"` : 'filters');
    }
    if (value !== undefined) add(`${FILTER_PARAMETER_PREFIX}${key}`, stringifyFilterValue(key, value));
  }
  for (const [name, value] of Object.entries(options.params ?? {})) {
    if (value === undefined) continue;
    if (isReservedAddressParam(name)) fail(118, isDevelopment ? explainReserved(name) : `params.${name}`);
    if (!/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(name)) fail(119, isDevelopment ? `params: ${describeValue(name)} is not a valid parameter name` : 'params');
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      fail(120, isDevelopment ? `params.${name} must be a string, number or boolean` : `params.${name}`);
    }
    add(name, value);
  }
  return origin + path + search;
}

/** Why a reserved parameter is refused and what to use instead (development only). */
function explainReserved(name: string): string {
  const lower = name.toLowerCase();
  const instead = lower.startsWith(FILTER_PARAMETER_PREFIX)
    ? 'use the filters option instead'
    : lower === 'locale'
      ? 'use the locale option instead'
      : lower === 'allowexport'
        ? 'use the allowExport option instead'
        : "the viewer's identity comes only from the session option";
  return `params.${name} is reserved: ${instead}`;
}

/**
 * Throws the refusal with its code. Callers pass `isDevelopment ? explanation : option`: a production bundle
 * folds that to the option's name, and the code says which rule it broke.
 */
function fail(code: SvcErrorNumber, reason: string): never {
  throw svcError(code, isDevelopment ? `${reason}.` : reason);
}
