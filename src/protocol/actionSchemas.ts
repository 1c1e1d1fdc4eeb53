import * as z from 'zod/mini';
import { embedThemeSchema } from './embedTheme.js';
import { parseFilterParameter } from './parseFilterParameter.js';
import { isWellFormedLocale } from './resolveLocale.js';

/** The colour schemes an embed can show; `auto` follows the viewer's OS preference. */
export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const;

/** One of {@link COLOR_SCHEMES}. */
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/** `svc:action:set-color-scheme`. */
export const setColorSchemePayloadSchema = z.object({ scheme: z.enum(COLOR_SCHEMES) });

/** `svc:action:set-theme`: an embed theme object. */
export const setThemePayloadSchema = embedThemeSchema;

/** `svc:action:set-locale`: any well-formed BCP 47 tag (full, short or regional). */
export const setLocalePayloadSchema = z.object({
  locale: z.string().check(
    z.refine(isWellFormedLocale, { error: 'expected a BCP 47 language tag such as "en-US" or "de"' }),
  ),
});

/** `svc:action:set-filter`: `f_<semantic_view>.<dimension>=<JSON>`, unencoded. */
export const setFilterPayloadSchema = z.object({
  filterUrlParameter: z.string().check(
    z.refine((value) => parseFilterParameter(value).ok, {
      error: 'expected "f_<semantic_view>.<dimension>=<JSON>", for example f_orders.status={"value":"completed"}',
    }),
  ),
});

/**
 * `svc:action:navigate`: an in-embed route path. It must start with one `/`: a full URL or a
 * protocol-relative `//host` path is not an in-embed path.
 */
export const navigateActionPayloadSchema = z.object({
  path: z.string().check(
    z.refine((path) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'), {
      error: 'expected an in-embed path starting with "/", such as "/embed/d/42/app/workbook/130"',
    }),
  ),
});

/** `svc:action:refresh`: no payload (an empty object on the wire). */
export const refreshPayloadSchema = z.object({});

/** Every action type of the protocol, with the schema of its payload. */
export const actionPayloadSchemas = {
  'svc:action:set-color-scheme': setColorSchemePayloadSchema,
  'svc:action:set-theme': setThemePayloadSchema,
  'svc:action:set-locale': setLocalePayloadSchema,
  'svc:action:set-filter': setFilterPayloadSchema,
  'svc:action:navigate': navigateActionPayloadSchema,
  'svc:action:refresh': refreshPayloadSchema,
} as const;

/** An action type name, such as `svc:action:navigate`. */
export type ActionType = keyof typeof actionPayloadSchemas;

/** The action type names, as a runtime value. */
export const ACTION_TYPES = Object.keys(actionPayloadSchemas) as ActionType[];

/** Maps each action type to its payload type (the input accepted by {@link createActionMessage}). */
export type ActionMap = {
  [K in ActionType]: K extends 'svc:action:refresh'
    ? Record<string, never>
    : z.input<(typeof actionPayloadSchemas)[K]>;
};

/**
 * Actions that set a piece of embed state rather than do something once: before `ready` only the latest
 * value of each is kept (one per filter key for `set-filter`).
 */
export const STATE_ACTION_TYPES: ReadonlySet<ActionType> = new Set([
  'svc:action:set-color-scheme',
  'svc:action:set-theme',
  'svc:action:set-locale',
  'svc:action:set-filter',
]);
