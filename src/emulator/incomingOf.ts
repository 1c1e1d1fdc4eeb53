import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';

/** The Node request behind a Hono context, when the emulator runs on Node's HTTP server. */
export function incomingOf(c: Context): HttpBindings['incoming'] | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming;
}
