import { scrubCredentials } from '../credentials/scrubCredentials.js';
import { previewValue } from './previewValue.js';

/**
 * Indented JSON of anything, for the JSON view and the clipboard: a bounded, credential-free copy (see
 * `previewValue`), scrubbed again as text so a secret remembered after the entry was recorded is hidden too.
 * Never throws: cycles, bigints and functions are written as `[repeated]`, `10n`, `[function name]`.
 */
export function toDisplayJson(value: unknown): string {
  return scrubCredentials(JSON.stringify(previewValue(value).value, null, 2) ?? 'undefined');
}
