/**
 * Locales the platform ships (a project fact; the platform's own description does not list them). Kept in
 * one place so a new locale is a one-line change.
 */
export const SHIPPED_LOCALES = [
  'en-US',
  'de-DE',
  'es-ES',
  'es-MX',
  'fr-FR',
  'it-IT',
  'ja-JP',
  'nb-NO',
  'pt-BR',
  'pt-PT',
  'sv-SE',
  'vi-VN',
] as const;

/** A locale the platform ships. */
export type ShippedLocale = (typeof SHIPPED_LOCALES)[number];

/** Whether `tag` is a well-formed BCP 47 language tag (`en`, `de-DE`, `zh-Hant-TW`). */
export function isWellFormedLocale(tag: unknown): tag is string {
  // The empty tag needs no test of its own: the canonicalisation refuses it.
  if (typeof tag !== 'string' || tag.length > 64) return false;
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * Which shipped locale the platform shows for `tag`: the exact locale when shipped, otherwise the first
 * shipped locale of the same language (`es`, `es-AR` -> `es-ES`), otherwise `null` (the platform ignores it).
 *
 * @example
 * resolveLocale('es-AR'); // 'es-ES'
 * resolveLocale('ko-KR'); // null
 */
export function resolveLocale(tag: string): ShippedLocale | null {
  if (!isWellFormedLocale(tag)) return null;
  const canonical = Intl.getCanonicalLocales(tag)[0] ?? tag;
  const exact = SHIPPED_LOCALES.find((locale) => locale.toLowerCase() === canonical.toLowerCase());
  if (exact) return exact;
  const language = canonical.split('-')[0]?.toLowerCase();
  return SHIPPED_LOCALES.find((locale) => locale.split('-')[0] === language) ?? null;
}
