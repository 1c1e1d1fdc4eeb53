import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Surface } from '../protocol/envelope.js';
import type { AiQueryStatus, DownloadPayload, DrilldownPayload, ErrorPayload } from '../protocol/eventPayloads.js';
import type { SvcEventMessage } from '../protocol/messages.js';

/**
 * An embed's lifecycle: `loading` until `ready`; `loaded` once the content is shown (`dashboard-loaded` on a
 * dashboard, the first `view` on the app and chat); `error` after a fatal `svc:event:error`.
 */
export type EmbedStatus = 'loading' | 'ready' | 'loaded' | 'error';

/** The latest known state of one AI query (keyed by `chatId`, or by the query text without one). */
export interface AiQueryState {
  readonly query: string;
  readonly status: AiQueryStatus;
  readonly chatId?: string | undefined;
  readonly agentId?: string | undefined;
  /** When the embed reported this status (epoch ms). */
  readonly updatedAt: number;
}

/** A download as recorded in the store: the event's payload and when it happened. */
export type DownloadRecord = DownloadPayload & { readonly at: number };
/** A drilldown as recorded in the store: the event's payload and when it happened. */
export type DrilldownRecord = DrilldownPayload & { readonly at: number };

/** What a host app can read about one embed. Every field is replaced, never mutated, so selectors work. */
export interface EmbedState {
  readonly embedId: string;
  readonly surface: Surface;
  readonly status: EmbedStatus;
  /** How many `ready` events arrived: above 1 means the embed reloaded and lost its runtime state. */
  readonly readyCount: number;
  readonly mode: 'signed' | 'private' | null;
  readonly embedTenant: string | null;
  readonly deploymentId: number | null;
  readonly publicId: string | null;
  /** The in-embed route path last reported by `view` or `navigate`. */
  readonly path: string | null;
  /** The title last reported by `view`. */
  readonly title: string | null;
  readonly lastError: ErrorPayload | null;
  readonly aiQueries: Readonly<Record<string, AiQueryState>>;
  /** Recent downloads, oldest first (bounded). */
  readonly downloads: readonly DownloadRecord[];
  /** Recent drilldowns, oldest first (bounded). */
  readonly drilldowns: readonly DrilldownRecord[];
  /** Recent events of every type, oldest first (bounded), for debugging. */
  readonly recentEvents: readonly SvcEventMessage[];
}

/** A zustand vanilla store of one embed's {@link EmbedState}. */
export type EmbedStore = StoreApi<EmbedState>;

/** The state of an embed before anything arrived from it. */
export function initialEmbedState(embedId: string, surface: Surface): EmbedState {
  return {
    embedId,
    surface,
    status: 'loading',
    readyCount: 0,
    mode: null,
    embedTenant: null,
    deploymentId: null,
    publicId: null,
    path: null,
    title: null,
    lastError: null,
    aiQueries: {},
    downloads: [],
    drilldowns: [],
    recentEvents: [],
  };
}

/**
 * Creates the store of one embed. The bridge feeds it; apps read it (through `useSvcEmbed` in React, or
 * `store.getState()` / `store.subscribe()` anywhere).
 */
export function createEmbedStore(embedId: string, surface: Surface): EmbedStore {
  return createStore<EmbedState>(() => initialEmbedState(embedId, surface));
}
