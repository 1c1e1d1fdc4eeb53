import { inspectorOf } from '../runtime/createEmbedInspector.js';
import { runtimeOf } from '../runtime/defaultEmbedRuntime.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { isDevelopment } from '../protocol/isDevelopment.js';

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
