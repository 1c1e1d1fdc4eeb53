import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Connects to the Chromium the browser project's global setup launched once for the whole run. Each
 * connection is the test file's own: the contexts and pages it creates are closed with it (`browser.close()`
 * disconnects and leaves the shared browser running), so files stay isolated without paying a launch each.
 */
export function connectChromium(): Promise<Browser> {
  return chromium.connect(inject('chromiumWsEndpoint'));
}
