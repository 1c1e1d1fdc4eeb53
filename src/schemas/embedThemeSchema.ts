import * as z from 'zod/mini';

const optionalString = z.optional(z.string());

/**
 * The zod schema of an `EmbedTheme` (`svc:action:set-theme`, and `embedTheme` of an embed session). The
 * known fields are typed; the object is open, so fields the platform adds later pass through untouched.
 */
export const embedThemeSchema = z.looseObject({
  font: optionalString,
  primaryColor: optionalString,
  borderRadius: z.optional(z.union([z.string(), z.number()])),
  analyticsChat: z.optional(
    z.looseObject({
      backgroundColor: optionalString,
      chatInput: z.optional(z.looseObject({ backgroundColor: optionalString, borderColor: optionalString })),
    }),
  ),
  chat: z.optional(z.looseObject({ inputColor: optionalString })),
});
