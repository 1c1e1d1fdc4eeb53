import { embedInspector } from '../runtime/embedInspector.js';
import { isDevelopment } from '../protocol/isDevelopment.js';

/**
 * Tells the inspector which lifecycle step an embed took: development only, guarded here and at each call,
 * so a production bundle drops the calls and then this function.
 */
export function traceLifecycle(embedId: string, phase: string, detail?: string): void {
  if (isDevelopment && embedInspector.active) embedInspector.emit({ kind: 'lifecycle', embedId, at: Date.now(), phase, detail });
}
