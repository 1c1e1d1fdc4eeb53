import { beforeEach } from 'vitest';
import { createEmbedRuntime, type EmbedRuntime } from '../../../src/protocol/index.js';

/**
 * Each test's own embed runtime: its registry, session ledger and held actions start empty, so a session id
 * or an embed id one test used never collides with another's. Importing this module gives every test of the
 * file a new one.
 */
let runtime: EmbedRuntime = createEmbedRuntime();
let sessions = 0;

beforeEach(() => {
  runtime = createEmbedRuntime();
  sessions = 0;
});

/** The current test's runtime. */
export const testRuntime = (): EmbedRuntime => runtime;

/** A session id the current test has not used yet: `session-1`, `session-2`, ... */
export const nextSession = (): string => `session-${++sessions}`;
