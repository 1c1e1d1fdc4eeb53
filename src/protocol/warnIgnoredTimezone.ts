import { resolveTimezone } from './resolveTimezone.js';
import { errorText } from './svcError.js';

/** The values already warned about: each one once per page, wherever it was set. */
const warned = new Set<string>();

/**
 * Warns once per value, in the console, that the platform will ignore `timezone` (a bare UTC offset, or a
 * zone this browser's `Intl` does not know): the embed then shows the next source's zone, which is easy to
 * miss. `where` names the option (`<SvcDashboard> prop "timezone"`). Callers call it in development
 * builds only, so a production bundle leaves it out.
 */
export function warnIgnoredTimezone(where: string, timezone: string): void {
  if (warned.has(timezone) || resolveTimezone(timezone) !== null) return;
  warned.add(timezone);
  console.warn(
    errorText(
      122,
      `${where}: the platform ignores "${timezone}" and falls back to the next time zone it knows (the session's, the dashboard's, the account's). Use an IANA zone name such as "America/New_York" or "Asia/Kolkata".`,
    ),
  );
}
