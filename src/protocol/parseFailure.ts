import type { ParseFailureCode, ParseResult } from './messages.js';

/** A refused parse: the code, the readable reason, and the message type when one was read (clipped). */
export function parseFailure(code: ParseFailureCode, reason: string, type?: string): ParseResult<never> {
  return type === undefined ? { ok: false, code, reason } : { ok: false, code, reason, type: type.slice(0, 80) };
}

/**
 * The failure for input that threw while being read: only a hostile object (a throwing getter, a revoked
 * proxy) gets here, since messages from postMessage are plain structured clones.
 */
export function unreadableMessage(error: unknown): ParseResult<never> {
  let name: string;
  try {
    name = error instanceof Error ? error.name : typeof error;
  } catch {
    name = 'unknown error';
  }
  return parseFailure('bad-envelope', `the message could not be read (${name})`);
}
