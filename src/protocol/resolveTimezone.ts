/**
 * Whether `timezone` has the shape of a time zone value: letters, digits and `_ + - / :`, at most 64
 * characters (`America/New_York`, `Etc/GMT+5`, `UTC`, and also `+05:30`, which is well-formed but ignored by
 * the platform). Anything else (a blank, a space, a non-string) is a mistake in the app, refused with a code.
 */
export function isWellFormedTimezone(timezone: unknown): timezone is string {
  return typeof timezone === 'string' && /^[A-Za-z0-9_+\-/:]{1,64}$/.test(timezone);
}

/** A bare UTC offset (`+05:30`, `-0800`, `+05`): the platform wants a zone name and ignores these. */
const BARE_OFFSET = /^[+-]\d{2}(?::?\d{2})?$/;

/**
 * The zone the platform uses for `timezone`: the value itself when it is an IANA zone name this browser's
 * `Intl` knows, otherwise `null` (the platform ignores it and falls through to the next source: the address
 * parameter, the session's setting, the dashboard's pinned zone, the account default). A bare UTC offset is
 * ignored even where `Intl` would accept it.
 *
 * @example
 * resolveTimezone('America/New_York'); // 'America/New_York'
 * resolveTimezone('+05:30'); // null
 * resolveTimezone('Mars/Olympus_Mons'); // null
 */
export function resolveTimezone(timezone: string): string | null {
  if (!isWellFormedTimezone(timezone) || BARE_OFFSET.test(timezone)) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone;
  } catch {
    return null;
  }
}
