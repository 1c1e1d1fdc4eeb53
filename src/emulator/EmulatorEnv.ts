import type { HttpBindings } from '@hono/node-server';
import type { Principal } from './authenticate.js';

/** What the emulator's handlers see: Node's request, and who the API request authenticated as. */
export type EmulatorEnv = {
  Bindings: HttpBindings;
  Variables: { principal: Principal };
};
