import { REDACTED } from './createRedactor.js';
import { credentialPair } from './credentialPair.js';
import { isCredentialName } from './isCredentialName.js';
import { redactShownText } from './redactShownText.js';
import { formatSize } from './formatSize.js';

/** How much of one entry the inspector keeps, in characters (about 16 KB). */
export const PREVIEW_BUDGET = 16 * 1024;

/** What {@link previewValue} returns: the kept copy and about how many characters it holds. */
export interface Preview {
  readonly value: unknown;
  readonly size: number;
}

/** What a scalar, a key or an empty structure is counted as, beyond its text. */
const OVERHEAD = 8;

/** How deep a preview goes; deeper structures are summarised. */
const MAX_DEPTH = 64;

/** The longest key kept whole: a huge key is cut like any string. */
const MAX_KEY = 256;

/**
 * Text redacted beyond the kept length: a secret that starts before the cut is seen whole (and removed)
 * before the cut is made. Longer than any credential in any encoding.
 */
const REDACT_MARGIN = 2048;

/** A token at the end of a cut window: possibly the first part of a secret redaction could not see whole. */
const TRAILING_TOKEN = /[^\s"'<>&;,?#()[\]{}]*$/;

/**
 * The longest trailing token dropped as a possible partial secret. A longer run of token characters (a 4 MB
 * `xxxx`, a base64 blob) is data, not a credential, and dropping it would leave nothing to show.
 */
const MAX_PARTIAL = 4096;

/**
 * `text` redacted (`redactShownText`) and cut to `room` characters, with what was cut summarised: `abc… [4.0 MB string, cut]`.
 * Only the start of a long string is redacted (a 4 MB string is not searched whole), and the possibly
 * partial token at the edge of that window is dropped (when it is short enough to be a credential), so a cut
 * never shows the first half of a secret.
 */
export function previewString(text: string, room: number): string {
  if (text.length <= room) return redactShownText(text);
  const summary = `[${formatSize(text.length)} string, cut]`;
  if (room <= 0) return summary;
  let window = redactShownText(text.slice(0, room + REDACT_MARGIN));
  const partial = TRAILING_TOKEN.exec(window)?.[0].length ?? 0;
  if (partial <= MAX_PARTIAL) window = window.slice(0, window.length - partial);
  return `${window.slice(0, room)}… ${summary}`;
}

/** A one-line description of a structure that is not kept: `[object with 3 keys, cut]`. */
function summarise(value: object, why: string): string {
  if (Array.isArray(value)) return `[array of ${value.length} items, ${why}]`;
  if (value instanceof Map || value instanceof Set) return `[${value.constructor.name} of ${value.size} items, ${why}]`;
  return `[object with ${Object.keys(value).length} keys, ${why}]`;
}

/** Binary data is described, never copied: its size and kind. */
function describeBinary(value: object): string | undefined {
  if (value instanceof ArrayBuffer) return `[ArrayBuffer of ${formatSize(value.byteLength)}]`;
  if (ArrayBuffer.isView(value)) return `[${value.constructor.name} of ${formatSize(value.byteLength)}]`;
  if (typeof Blob === 'function' && value instanceof Blob) return `[${value.constructor.name} of ${formatSize(value.size)}]`;
  return undefined;
}

/**
 * A bounded, credential-free copy of any value, safe to keep and to show: plain JSON-like data (objects,
 * arrays, strings, numbers, booleans, null) holding at most about `budget` characters. What does not fit is
 * summarised in its place (`[4.0 MB string, cut]`, `[12 more items, cut]`); credentials are redacted as in
 * `redactShownValue` (credential keys removed whole, every string and key through `redactShownText`); cycles
 * become `[repeated]`, bigints `10n`, functions `[function name]`, dates their ISO text, binary data its size.
 *
 * The inspector keeps this copy instead of the message: a page that receives a 4 MB message keeps 16 KB of it.
 */
export function previewValue(value: unknown, budget: number = PREVIEW_BUDGET): Preview {
  let left = budget;
  const path = new Set<object>();
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') {
      const kept = previewString(item, left);
      left -= kept.length;
      return kept;
    }
    left -= OVERHEAD;
    if (typeof item === 'bigint') return `${item}n`;
    if (typeof item === 'function') return `[function ${item.name || 'anonymous'}]`;
    if (typeof item === 'symbol') return String(item);
    if (typeof item !== 'object' || item === null) return item;
    if (item instanceof Date) return Number.isNaN(item.getTime()) ? 'Invalid Date' : item.toISOString();
    const binary = describeBinary(item);
    if (binary !== undefined) return binary;
    if (path.has(item)) return '[repeated]';
    if (left <= 0) return summarise(item, 'cut');
    if (depth >= MAX_DEPTH) return summarise(item, 'nested too deep, cut');
    path.add(item);
    try {
      // A pair naming a credential (`['x-api-key', t]`, `{ name: 'token', value: t }`) loses its value whole.
      const paired = credentialPair(item, isCredentialName);
      if (Array.isArray(item) || item instanceof Set || item instanceof Map) {
        // A Map's entries are kept as [key, value] pairs (JSON has no maps).
        const list: unknown[] = Array.isArray(item) ? item : [...item];
        const copy: unknown[] = [];
        for (let i = 0; i < list.length; i++) {
          if (left <= 0) {
            copy.push(`[${list.length - i} more items, cut]`);
            break;
          }
          const entry = list[i];
          if (paired === i) {
            copy.push(REDACTED);
            continue;
          }
          const pair = item instanceof Map && Array.isArray(entry) ? entry : undefined;
          copy.push(pair && typeof pair[0] === 'string' && isCredentialName(pair[0]) && pair[1] != null ? [walk(pair[0], depth + 2), REDACTED] : walk(entry, depth + 1));
        }
        return copy;
      }
      const copy: Record<string, unknown> = {};
      const keys = item instanceof Error ? ['name', 'message', ...Object.keys(item)] : Object.keys(item);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i] as string;
        if (left <= 0) {
          copy['…'] = `[${keys.length - i} more keys, cut]`;
          break;
        }
        let inner: unknown;
        try {
          inner = (item as Record<string, unknown>)[key];
        } catch {
          inner = '[unreadable]';
        }
        const name = previewString(key, MAX_KEY);
        left -= name.length;
        const kept = (isCredentialName(key) || paired === key) && inner != null ? REDACTED : walk(inner, depth + 1);
        // defineProperty, not assignment: a key named `__proto__` stays an ordinary key.
        Object.defineProperty(copy, name, { value: kept, enumerable: true, writable: true, configurable: true });
      }
      return copy;
    } catch {
      // A hostile object (a proxy whose traps throw) is described, never allowed to break the panel.
      return '[unreadable]';
    } finally {
      path.delete(item);
    }
  };
  const kept = walk(value, 0);
  return { value: kept, size: budget - left };
}
