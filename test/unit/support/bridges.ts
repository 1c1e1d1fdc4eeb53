import { onTestFinished, vi } from 'vitest';
import { createEmbedBridge, type EmbedDebugReport } from '../../../src/protocol/index.js';
import { addFrame, TENANT } from './frames.js';

/**
 * A dashboard bridge connected to a fresh iframe, with what the tests read: the iframe's window, a spy on what
 * is posted to it (nothing leaves the page), and the debug reports. It is destroyed when the test finishes.
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
  onTestFinished(() => bridge.destroy());
  return { iframe, win, posted, reports, bridge, disconnect };
}
