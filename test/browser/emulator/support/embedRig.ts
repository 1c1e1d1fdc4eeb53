import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../../../dist/emulator/index.js';
import { connectChromium } from '../../support/connectChromium.js';
import { startHostServer, type TestServer } from './servers.js';

/** What a test file drives: Chromium, the emulator on localhost, and a host page server on 127.0.0.1. */
export interface EmbedRig {
  browser: Browser;
  emulator: RunningEmulator;
  hostServer: TestServer;
}

/**
 * Starts the rig before the file's tests and stops it after them. The fields are filled in `beforeAll`,
 * so read them inside tests and helpers, not at the top level of the file.
 */
export function startEmbedRig(): EmbedRig {
  const rig = {} as EmbedRig;
  beforeAll(async () => {
    [rig.browser, rig.emulator, rig.hostServer] = await Promise.all([
      connectChromium(),
      startEmulator({ port: 0, host: 'localhost' }),
      startHostServer(),
    ]);
  });
  afterAll(async () => {
    await rig.browser?.close();
    await rig.emulator?.close();
    await rig.hostServer?.close();
  });
  return rig;
}
