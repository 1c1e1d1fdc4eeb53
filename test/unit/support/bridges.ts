import { vi } from 'vitest';
import { createEmbedBridge, type EmbedBridge, type EmbedDebugReport } from '../../../src/protocol/index.js';
import { addFrame, TENANT } from './frames.js';

const made: EmbedBridge[] = [];

/**
 * A dashboard bridge connected to a fresh iframe, with what the tests read: the iframe's window, a spy on what
 * is posted to it (nothing leaves the page), and the debug reports. {@link destroyBridges} tears it down.
 */
export function connectedBridge(options: { embedId?: string; tenantOrigin?: string; maxQueuedActions?: number } = {}) {
  const iframe = addFrame();
  const win = iframe.contentWindow as Window;
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => {});
  const reports: EmbedDebugReport[] = [];
  const bridge = createEmbedBridge({
    surface: 'dashboard',
    tenantOrigin: options.tenantOrigin ?? TENANT,
    embedId: options.embedId,
    maxQueuedActions: options.maxQueuedActions,
    onDebug: (report) => reports.push(report),
  });
  const disconnect = bridge.connect(iframe);
  made.push(bridge);
  return { iframe, win, posted, reports, bridge, disconnect };
}

/** For `afterEach`: destroys every bridge {@link connectedBridge} made since the last call. */
export function destroyBridges(): void {
  for (const bridge of made.splice(0)) bridge.destroy();
}
