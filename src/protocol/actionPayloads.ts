import { type EmbedTheme, embedThemeCheck } from './embedTheme.js';
import { type FieldCheck, object, oneOf, refine, string } from './fieldChecks.js';
import { readFilterParameter } from './parseFilterParameter.js';
import { isDevelopment } from './isDevelopment.js';
import { isWellFormedLocale } from './resolveLocale.js';
import { isWellFormedTimezone } from './resolveTimezone.js';

/** The colour schemes an embed can show; `auto` follows the viewer's OS preference. */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;

/** One of {@link COLOR_SCHEMES}. */
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** Maps each action type to its payload type (the input accepted by `createActionMessage`). */
export interface ActionMap {
  'svc:action:set-color-scheme': { scheme: ColorScheme };
  'svc:action:set-theme': EmbedTheme;
  /** Any well-formed BCP 47 tag (full, short or regional). */
  'svc:action:set-locale': { locale: string };
  /**
   * The time zone dates and times are bucketed and shown in, above every other source (address, session,
   * dashboard, account). An IANA name such as `America/New_York`; the embed ignores a bare UTC offset or a
   * zone it does not know and keeps the next source's.
   */
  'svc:action:set-timezone': { timezone: string };
  /** `f_<semantic_view>.<dimension>=<JSON>`, unencoded. */
  'svc:action:set-filter': { filterUrlParameter: string };
  /** An in-embed route path: one leading `/`, never a full URL. */
  'svc:action:navigate': { path: string };
  /** No payload: an empty object on the wire. */
  'svc:action:refresh': Record<string, never>;
  /**
   * A new embed session for the embed to exchange for a token in place (same document, same state); it
   * answers with `ready`, or refuses with a non-fatal `SessionError`. A credential: never logged or shown.
   */
  'svc:action:set-session': { sessionId: string };
}

/** An action type name, such as `svc:action:navigate`. */
export type ActionType = keyof ActionMap;

/**
 * An in-embed path starts with one `/`: a full URL or a protocol-relative `//host` path would leave the
 * embed.
 */
export const navigatePathCheck: FieldCheck<string> = refine(
  string,
  (path) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'),
  // Expected forms are development text: a production reason names only the field (see describeProblem).
  isDevelopment ? 'an in-embed path starting with "/", such as "/embed/d/42/app/workbook/130"' : '',
);

/** The check of each action's payload, by type: the protocol's action table as code. */
export const actionPayloadChecks: { readonly [K in ActionType]: FieldCheck<ActionMap[K]> } = {
  'svc:action:set-color-scheme': object({ scheme: oneOf(COLOR_SCHEMES) }, true),
  'svc:action:set-theme': embedThemeCheck,
  'svc:action:set-locale': object({
    locale: refine(string, isWellFormedLocale, isDevelopment ? 'a BCP 47 language tag such as "en-US" or "de"' : ''),
  }, true),
  'svc:action:set-timezone': object({
    timezone: refine(string, isWellFormedTimezone, isDevelopment ? 'an IANA time zone name such as "America/New_York"' : ''),
  }, true),
  'svc:action:set-filter': object({
    filterUrlParameter: refine(
      string,
      (value) => typeof readFilterParameter(value) === 'object',
      isDevelopment
        ? '"f_<semantic_view>.<dimension>=<JSON>", for example f_orders.status={"value":"completed"}'
        : '',
    ),
  }, true),
  'svc:action:navigate': object({ path: navigatePathCheck }, true),
  'svc:action:refresh': object({}, true),
  'svc:action:set-session': object({ sessionId: refine(string, Boolean, isDevelopment ? 'a session id' : '') }, true),
};

/** The action type names, as a runtime value. */
// Marked pure so that a bundle which never reads it drops the call (bundlers keep `Object.keys(x)` otherwise).
export const ACTION_TYPES = /* @__PURE__ */ Object.keys(actionPayloadChecks) as ActionType[];

/**
 * Actions that set a piece of embed state rather than do something once: before `ready` only the latest
 * value of each is kept (one per filter key for `set-filter`).
 */
export const STATE_ACTION_TYPES: ReadonlySet<ActionType> = new Set([
  'svc:action:set-color-scheme',
  'svc:action:set-theme',
  'svc:action:set-locale',
  'svc:action:set-timezone',
  'svc:action:set-filter',
]);
