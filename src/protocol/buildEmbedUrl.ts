import type { Surface } from './envelope.js';
import { stringifyFilterValue } from './encodeFilterParameter.js';
import { describeValue } from './describeValue.js';
import { FILTER_PARAMETER_PREFIX, isFilterKey } from './filterKey.js';
import type { Filters } from './filterValue.js';
import { normalizeTenantOrigin } from './normalizeTenantOrigin.js';
import { isReservedAddressParam } from './reservedAddressParams.js';
import { isDevelopment } from './isDevelopment.js';
import { isWellFormedLocale } from './resolveLocale.js';
import { isWellFormedTimezone } from './resolveTimezone.js';
import type { SvcErrorNumber } from './SvcErrorCode.js';
import { svcError } from './svcError.js';
import { warnIgnoredTimezone } from './warnIgnoredTimezone.js';

/**
 * The placement switches of a dashboard: how this placement of it looks. The viewer can edit an address, so
 * nothing here must hold against them (entitlements belong in the session's `settings`). Each hiding switch
 * writes `name=false` when it is `false` and nothing otherwise (the platform reads only that exact string).
 */
export interface DashboardAddressParams {
  /** The dashboard's header bar (title, back button, edit, duplicate, export menu). @default true */
  readonly showDashboardHeader?: boolean | undefined;
  /** The dashboard's title in the header. @default true */
  readonly showDashboardTitle?: boolean | undefined;
  /** The header's back button (hide it when the host page has its own navigation). @default true */
  readonly showDashboardBackButton?: boolean | undefined;
  /** The header's edit button (creator sessions). @default true */
  readonly showDashboardEditButton?: boolean | undefined;
  /** The header's duplicate button (creator sessions). @default true */
  readonly showDashboardDuplicateButton?: boolean | undefined;
  /** The dashboard-level export menu (PNG and PDF of the whole dashboard). @default true */
  readonly showDashboardExportMenu?: boolean | undefined;
}

/** The placement switch of the creator-mode app. Writes `showWorkbookBackButton=false` only for `false`. */
export interface AppAddressParams {
  /** The workbook's back button (to the app's home). @default true */
  readonly showWorkbookBackButton?: boolean | undefined;
}

/** The placement switches of the chat surface. Each writes `name=false` only for `false`. */
export interface ChatAddressParams {
  /** The "new chat" button. @default true */
  readonly showNewChat?: boolean | undefined;
  /** The question input (hide it for a read-only transcript). @default true */
  readonly showChatInput?: boolean | undefined;
  /** The list of earlier chats. @default true */
  readonly showChatHistory?: boolean | undefined;
}

/** Every surface's placement switches together (the controller's options carry the one surface's own). */
export type PlacementSwitches = DashboardAddressParams & AppAddressParams & ChatAddressParams;

/**
 * Which surface reads an option that only one surface takes, from its name: `allowExport` and `filters` are the
 * dashboard's, and the platform names each placement switch after its surface (`showDashboard…`,
 * `showWorkbook…`, `showChat…` and `showNewChat`). The interfaces above list them for the types; at run time
 * the name says which surface reads it.
 */
const OPTION_OWNERS: readonly (readonly [RegExp, Surface])[] = [
  [/^(?:showDashboard[A-Z]|allowExport$|filters$)/, 'dashboard'],
  [/^showWorkbook[A-Z]/, 'app'],
  [/^show(?:New)?Chat/, 'chat'],
];

/** Extra address parameters: any parameter the typed options do not cover (the escape hatch). */
export type EmbedAddressParams = { readonly [name: string]: string | number | boolean | undefined };

/** What every surface's address takes. */
interface EmbedUrlCommonOptions {
  /** The tenant's origin, `https:` (or `http:` on a loopback host). */
  readonly tenantOrigin: string;
  /** An embed session id from generate-session: signed mode. Absent means private mode. */
  readonly session?: string | undefined;
  /** The initial UI language, a BCP 47 tag. @default the session's `settings.locale`, else the account's */
  readonly locale?: string | undefined;
  /**
   * The initial time zone, an IANA name such as `America/New_York` (`timezone=`): above the session's
   * `settings.timezone` and the dashboard's pinned zone. A bare UTC offset (`+05:30`) or an unknown zone is
   * ignored by the platform (development warns).
   * @default the session's `settings.timezone`, else the dashboard's pinned zone, else the account's
   */
  readonly timezone?: string | undefined;
  /**
   * Extra address parameters. They can never set the session or any other identity (`embedToken`,
   * `token`, ...), filters, locale, time zone or allowExport, in any letter case (see
   * `RESERVED_ADDRESS_PARAMS`); a typed switch wins over a parameter of the same name.
   */
  readonly params?: EmbedAddressParams | undefined;
}

/** Options of {@link buildEmbedUrl} for a dashboard. */
export interface DashboardEmbedUrlOptions extends EmbedUrlCommonOptions, DashboardAddressParams {
  readonly surface: 'dashboard';
  /** The published dashboard's public id. */
  readonly publicId?: string | undefined;
  /**
   * Turn on the download controls (per-widget CSV, PNG and PDF): writes `allowExport=true` (the exact string
   * the platform grants on), and nothing when `false`.
   * @default false
   */
  readonly allowExport?: boolean | undefined;
  /** Filters pre-set through the address, by `<semantic_view>.<dimension>`. */
  readonly filters?: Filters | undefined;
}

/** Options of {@link buildEmbedUrl} for the creator-mode app (signed-only: `session` is required). */
export interface AppEmbedUrlOptions extends EmbedUrlCommonOptions, AppAddressParams {
  readonly surface: 'app';
  /** The deployment of the creator-mode app. */
  readonly deploymentId?: number | string | undefined;
}

/** Options of {@link buildEmbedUrl} for the chat surface. */
export interface ChatEmbedUrlOptions extends EmbedUrlCommonOptions, ChatAddressParams {
  readonly surface: 'chat';
}

/** Options of {@link buildEmbedUrl}: each surface takes its own switches (another surface's is a type error). */
export type BuildEmbedUrlOptions = DashboardEmbedUrlOptions | AppEmbedUrlOptions | ChatEmbedUrlOptions;

/** What the builder reads, whatever the surface (the runtime refuses an option of another surface). */
type AnySurfaceOptions = EmbedUrlCommonOptions &
  PlacementSwitches & {
    readonly surface: Surface;
    readonly publicId?: string | undefined;
    readonly deploymentId?: number | string | undefined;
    readonly allowExport?: boolean | undefined;
    readonly filters?: Filters | undefined;
  };

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
  const { surface, session, allowExport, locale, timezone, filters, publicId, deploymentId } = options as AnySurfaceOptions;
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
  // The placement switches join the extra parameters, where the typed switch wins over a parameter of the same
  // name.
  const extra: Record<string, string | number | boolean | undefined> = { ...options.params };
  for (const [name, value] of Object.entries(options)) {
    const owner = OPTION_OWNERS.find(([pattern]) => pattern.test(name))?.[1];
    if (owner === undefined || value === undefined) continue;
    if (owner !== surface) fail(116, isDevelopment ? `${name} applies to the ${owner} surface only` : name);
    if (!name.startsWith('show')) continue;
    if (typeof value !== 'boolean') fail(120, isDevelopment ? `${name} must be true or false, got ${describeValue(value)}` : name);
    extra[name] = value ? undefined : 'false';
  }
  // The platform's parsing rule: a granting switch needs the exact string `true`, a hiding switch the exact
  // string `false`; a default writes nothing.
  if (allowExport) add('allowExport', 'true');
  if (locale !== undefined) {
    if (!isWellFormedLocale(locale)) {
      fail(117, isDevelopment ? `locale ${describeValue(locale)} is not a BCP 47 language tag such as "en-US" or "de"` : 'locale');
    }
    add('locale', locale);
  }
  if (timezone !== undefined) {
    if (!isWellFormedTimezone(timezone)) {
      fail(121, isDevelopment ? `timezone ${describeValue(timezone)} is not a time zone name such as "America/New_York"` : 'timezone');
    }
    if (isDevelopment) warnIgnoredTimezone('timezone', timezone);
    add('timezone', timezone);
  }
  for (const [key, value] of Object.entries(filters ?? {})) {
    if (!isFilterKey(key)) {
      fail(130, isDevelopment ? `filters: key ${describeValue(key)} is not of the form "<semantic_view>.<dimension>"` : 'filters');
    }
    if (value !== undefined) add(`${FILTER_PARAMETER_PREFIX}${key}`, stringifyFilterValue(key, value));
  }
  for (const [name, value] of Object.entries(extra)) {
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
    : lower === 'locale' || lower === 'timezone'
      ? `use the ${lower} option instead`
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
