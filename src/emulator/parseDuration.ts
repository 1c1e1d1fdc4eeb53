const UNIT_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * Reads a duration as the emulator's flags take it: a whole or decimal number followed by a unit, `ms`,
 * `s`, `m`, `h` or `d` (`500ms`, `90s`, `5m`, `1.5h`, `2d`), to whole milliseconds. A bare number is
 * refused: `--session-expiring-lead 10` could mean seconds or minutes.
 *
 * @throws RangeError naming the value and the accepted form.
 */
export function parseDuration(text: string): number {
  const match = /^(\d{1,12}(?:\.\d{1,6})?)(ms|s|m|h|d)$/.exec(text.trim());
  const unit = match ? UNIT_MS[match[2] ?? ''] : undefined;
  if (!match || unit === undefined) {
    throw new RangeError(`"${text}" is not a duration; give a number and a unit: 500ms, 90s, 5m, 2h or 1d.`);
  }
  return Math.round(Number(match[1]) * unit);
}
