import { inspectorOf } from '../runtime/createEmbedInspector.js';
import { runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { LifecycleAction } from './reduceLifecycle.js';

/**
 * Tells the inspector of the embed's runtime which lifecycle step the embed took, as its messages and drops
 * are told (developer tools given a runtime of their own see its embeds' steps too). Development only,
 * guarded here and at each call, so a production bundle drops the calls and then this function.
 */
export function traceLifecycle(
  embed: { readonly embedId: string; readonly runtime?: EmbedRuntime | undefined },
  phase: string,
  detail?: string,
): void {
  if (isDevelopment) {
    const inspector = inspectorOf(runtimeOf(embed));
    if (inspector.active) inspector.emit({ kind: 'lifecycle', embedId: embed.embedId, at: Date.now(), phase, detail });
  }
}

/** The lifecycle step as the developer tools list it, named after the phase or flag it reached. */
const TRACED = {
  request: 'session-requested',
  load: 'loading',
  reveal: 'revealed',
  renew: 'renewing',
  fail: 'error',
  park: 'parked',
  show: 'shown',
  destroy: 'destroyed',
} as const;

/**
 * Development only: tells the inspector of a lifecycle step that changed the state, named after the phase or
 * flag it reached, with what it was about.
 */
export function traceStep(embed: { readonly embedId: string; readonly runtime?: EmbedRuntime | undefined }, action: LifecycleAction): void {
  if (isDevelopment && action.type !== 'ready') {
    const detail =
      action.type === 'request'
        ? action.reason
        : action.type === 'renew'
          ? action.inPlace
            ? 'in place'
            : 'by reload'
          : action.type === 'fail'
            ? action.error.message
            : action.type === 'load'
              ? action.signed
                ? 'signed mode'
                : 'private mode'
              : undefined;
    traceLifecycle(embed, TRACED[action.type], detail);
  }
}
