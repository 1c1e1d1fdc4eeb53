import { type FieldCheck, object, ofType, optional, string } from './fieldChecks.js';
import { isDevelopment } from './isDevelopment.js';

/**
 * An embed theme (`svc:action:set-theme`, and `embedTheme` of an embed session): brand colour, font, corner
 * radius, chat colours. The object is open: fields the platform adds later pass through untouched.
 */
export interface EmbedTheme {
  font?: string | undefined;
  primaryColor?: string | undefined;
  /** A CSS length (`"8px"`) or a number of pixels. */
  borderRadius?: string | number | undefined;
  analyticsChat?:
    | {
        backgroundColor?: string | undefined;
        chatInput?: { backgroundColor?: string | undefined; borderColor?: string | undefined; [key: string]: unknown } | undefined;
        [key: string]: unknown;
      }
    | undefined;
  chat?: { inputColor?: string | undefined; [key: string]: unknown } | undefined;
  [key: string]: unknown;
}

const optionalString = optional(string);

// The expected form is development text: a production reason names only the field (see describeProblem).
const stringOrNumber = ofType<string | number>(
  isDevelopment ? 'string or number' : '',
  (value) => typeof value === 'string' || Number.isFinite(value),
);

/** Checks an {@link EmbedTheme}: the known fields are typed, any other field passes through. */
export const embedThemeCheck: FieldCheck<EmbedTheme> = object<EmbedTheme>({
  font: optionalString,
  primaryColor: optionalString,
  borderRadius: optional(stringOrNumber),
  analyticsChat: optional(
    object({
      backgroundColor: optionalString,
      chatInput: optional(object({ backgroundColor: optionalString, borderColor: optionalString })),
    }),
  ),
  chat: optional(object({ inputColor: optionalString })),
});
