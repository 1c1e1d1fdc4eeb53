import { previewValue } from './previewValue.js';
import { redactShownValue } from './redactShownValue.js';

/**
 * How much of a refused message's data a development debug report carries, in characters. A tenant (or any
 * page that can post to this one) decides how big a message is; redacting all of it on every refusal would
 * let it freeze the page, and a hook that logs reports needs the start of the data, not megabytes.
 */
export const REPORT_DATA_BUDGET = 2048;

/**
 * A copy of a debug report fit to hand to a development hook: every field redacted (`redactShownValue`), and its
 * `data` (a refused message, whatever its size) replaced by a bounded, redacted preview of at most about
 * {@link REPORT_DATA_BUDGET} characters (`previewValue`: what is cut is summarised, `[4.0 MB string, cut]`).
 *
 * @example
 * redactReport({ reason: 'bad-payload', detail: 'payload.path', data: hugeMessage });
 * // { reason: 'bad-payload', detail: 'payload.path', data: { ..., path: 'xxxx… [4.0 MB string, cut]' } }
 */
export function redactReport<T extends { readonly data?: unknown }>(report: T): T {
  const { data, ...fields } = report;
  const redacted = redactShownValue(fields) as T;
  return 'data' in report ? { ...redacted, data: previewValue(data, REPORT_DATA_BUDGET).value } : redacted;
}
