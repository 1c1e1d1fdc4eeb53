import { isRecord } from '../../protocol/fieldChecks.js';

/**
 * Lets the page obey `svc:action:refresh` sent with no `payload` at all: spec.md lists the action's payload
 * as "none", so a host may leave it out, while the shared action parser requires an object. Registered
 * as a capturing listener (so it runs before the tenant bridge's), it takes only that exact message, from the same window and origin the bridge
 * accepts, and keeps it from the bridge; every other message goes on to the bridge untouched.
 */
export function acceptBareRefresh(win: Window, hostOrigin: string, onRefresh: () => void): void {
  const listener = (event: MessageEvent): void => {
    if (event.source !== win.parent || event.origin !== hostOrigin) return;
    const data: unknown = event.data;
    if (!isRecord(data) || data.source !== 'svc-embed' || data.direction !== 'action' || data.type !== 'svc:action:refresh') return;
    if (data.payload !== undefined || Object.hasOwn(data, 'surface')) return;
    const { timestamp } = data;
    if (typeof timestamp !== 'number' || !Number.isFinite(timestamp) || timestamp < 0) return;
    event.stopImmediatePropagation();
    onRefresh();
  };
  win.addEventListener('message', listener, { capture: true });
}
