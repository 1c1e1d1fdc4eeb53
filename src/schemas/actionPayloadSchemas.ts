import * as z from 'zod/mini';
import { COLOR_SCHEMES } from '../protocol/actionPayloads.js';
import { parseFilterParameter } from '../protocol/parseFilterParameter.js';
import { isWellFormedLocale } from '../protocol/resolveLocale.js';
import { isWellFormedTimezone } from '../protocol/resolveTimezone.js';
import { embedThemeSchema } from './embedThemeSchema.js';

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

/**
 * `svc:action:set-timezone`: a time zone value (an IANA name such as `America/New_York`). A well-formed value
 * the platform does not know is accepted here: the embed ignores it and keeps the next source's zone.
 */
export const setTimezonePayloadSchema = z.object({
  timezone: z.string().check(
    z.refine(isWellFormedTimezone, { error: 'expected an IANA time zone name such as "America/New_York"' }),
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

/**
 * `svc:action:set-session`: a new embed session, exchanged by the embed for a token in place. A credential:
 * never log it.
 */
export const setSessionPayloadSchema = z.object({ sessionId: z.string().check(z.minLength(1)) });

/** Every action type of the protocol, with the zod schema of its payload. */
export const actionPayloadSchemas = {
  'svc:action:set-color-scheme': setColorSchemePayloadSchema,
  'svc:action:set-theme': setThemePayloadSchema,
  'svc:action:set-locale': setLocalePayloadSchema,
  'svc:action:set-timezone': setTimezonePayloadSchema,
  'svc:action:set-filter': setFilterPayloadSchema,
  'svc:action:navigate': navigateActionPayloadSchema,
  'svc:action:refresh': refreshPayloadSchema,
  'svc:action:set-session': setSessionPayloadSchema,
} as const;
