import { redactShownText } from '../credentials/redactShownText.js';
import { PREVIEW_BUDGET, previewValue } from '../credentials/previewValue.js';

/**
 * What the JSON view shows of a value: more than a timeline entry keeps, so an entry already cut to its
 * preview is shown whole, with its own cut marks, while a value shown directly is still bounded.
 */
const DISPLAY_BUDGET = 4 * PREVIEW_BUDGET;

/**
 * Indented JSON of anything, for the JSON view and the clipboard: a bounded, credential-free copy (see
 * `previewValue`), redacted again as text so a secret remembered after the entry was recorded is hidden too.
 * Never throws: cycles, bigints and functions are written as `[repeated]`, `10n`, `[function name]`.
 */
export function toDisplayJson(value: unknown): string {
  return redactShownText(JSON.stringify(previewValue(value, DISPLAY_BUDGET).value, null, 2) ?? 'undefined');
}
