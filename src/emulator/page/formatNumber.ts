const formats = new Map<string, Intl.NumberFormat>();

/**
 * Formats a number for a locale (`12,345.5` in en-US, `12.345,5` in de-DE), two decimals at most. The
 * formatters are cached: charts format many numbers on every render.
 */
export function formatNumber(locale: string, value: number, compact = false): string {
  const key = `${locale}|${compact ? 'c' : 'n'}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, compact ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(value);
}
