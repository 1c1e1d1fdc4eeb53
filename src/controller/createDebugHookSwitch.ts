import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import type { EmbedDebugHook } from '../protocol/EmbedDebugReport.js';

/**
 * Creates the switch of an embed's debug hook: on while the app has a hook (and the embed is attached), off
 * otherwise. The bridge hears `report` only while it is on, so a dropped foreign message costs nothing when
 * nobody listens. `report` reads the app's latest hook itself.
 */
export function createDebugHookSwitch(bridge: EmbedBridge, report: EmbedDebugHook): (on: unknown) => void {
  let remove: (() => void) | undefined;
  return (on) => {
    if (!on) {
      remove?.();
      remove = undefined;
    } else remove ??= bridge.addDebugHook(report);
  };
}
