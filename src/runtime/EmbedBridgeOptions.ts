import type { EmbedDebugHook } from '../protocol/EmbedDebugReport.js';
import type { Surface } from '../protocol/envelope.js';
import type { EmbedRuntime } from './EmbedRuntime.js';

/** Options of `createEmbedBridge`. */
export interface EmbedBridgeOptions {
  /** Which surface the iframe shows. */
  readonly surface: Surface;
  /** The tenant origin the iframe is loaded from; messages from any other origin are dropped. */
  readonly tenantOrigin: string;
  /** A name hooks elsewhere in the app can address the embed by. @default a generated `svc-embed-<n>` */
  readonly embedId?: string | undefined;
  /** Receives everything the embed drops, with the reason. */
  readonly onDebug?: EmbedDebugHook | undefined;
  /** How many actions may wait for `ready` before the oldest is dropped. @default 100 */
  readonly maxQueuedActions?: number | undefined;
  /** The runtime whose registry and inspector the embed joins. @default the page's default runtime */
  readonly runtime?: EmbedRuntime | undefined;
}
