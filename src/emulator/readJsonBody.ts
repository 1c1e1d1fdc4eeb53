import type { Context } from 'hono';
import { fail } from './fail.js';
import { incomingOf } from './incomingOf.js';
import { jsonNestingDepth } from './jsonNestingDepth.js';

/** How deeply a request body may nest (real bodies nest a handful of levels). */
export const MAX_JSON_DEPTH = 64;

/**
 * Reads a JSON body: a missing (unless `optional`), malformed or too deeply nested body is a 400 with the
 * reason. A client that hangs up mid-body is a 400 too, not an emulator failure.
 */
export async function readJsonBody(c: Context, optional = false): Promise<unknown> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    const incoming = incomingOf(c);
    if (incoming && (incoming.destroyed || incoming.errored || !incoming.complete)) {
      return fail(400, 'the client closed the connection before the whole body arrived');
    }
    throw error;
  }
  if (text.trim() === '') return optional ? undefined : fail(400, 'a JSON body is required');
  // Checked before parsing: a deep enough body exhausts the stack of whatever walks it next.
  if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) return fail(400, `the body nests deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(400, 'the body is not valid JSON');
  }
}
