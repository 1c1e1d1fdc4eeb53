import type { ActionType } from '../protocol/actionPayloads.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';
import type { EmbedStore } from './createEmbedStore.js';
import type { EmbedDebugHook, EmbedDebugReport } from '../protocol/EmbedDebugReport.js';
import type { Surface } from '../protocol/envelope.js';
import type { EventMap, EventType } from '../protocol/eventPayloads.js';
import type { SvcEventMessage } from '../protocol/messages.js';

/** Where an embed's messages come from: its iframe, or a function returning the iframe's window. */
export type EmbedTarget = { readonly contentWindow: Window | null } | (() => Window | null | undefined);

/** A handler of one event type: the payload, and the whole envelope. */
export type EmbedEventHandler<T extends EventType> = (payload: EventMap[T], message: SvcEventMessage<T>) => void;

/** The host side of one embed: receives its events, sends it actions, keeps its store. */
export interface EmbedBridge {
  readonly embedId: string;
  readonly surface: Surface;
  /** The normalised tenant origin. */
  readonly tenantOrigin: string;
  /** The embed's state, for selectors and subscriptions. */
  readonly store: EmbedStore;
  /** Whether `ready` has arrived: actions go straight to the iframe only then. */
  readonly isReady: boolean;
  /** Whether the bridge is connected to an iframe. */
  readonly isConnected: boolean;
  /**
   * Starts routing the iframe's messages to this bridge and registers it under its `embedId`. Returns the
   * function that undoes both; connecting again later is allowed (React's StrictMode does it).
   */
  connect(target: EmbedTarget): () => void;
  /**
   * Sends an action: validated now (a bad payload throws a readable `TypeError`), posted to the iframe's
   * window with the tenant origin as target origin, or queued until `ready`.
   */
  send<T extends ActionType>(type: T, ...payload: ActionPayloadArgs<T>): void;
  /** Calls `handler` for each event of `type`; returns the unsubscribe function. */
  on<T extends EventType>(type: T, handler: EmbedEventHandler<T>): () => void;
  /** Calls `handler` for every event; returns the unsubscribe function. */
  onAny(handler: (message: SvcEventMessage) => void): () => void;
  /** Adds a debug hook (see {@link EmbedDebugReport}); returns the function that removes it. */
  addDebugHook(hook: EmbedDebugHook): () => void;
  /** Hands a report to the debug hooks (and the inspector): for layers above the bridge that drop things. */
  report(report: Omit<EmbedDebugReport, 'embedId'>): void;
  /**
   * Forgets that `ready` arrived: the iframe loaded a new document (a reload, a new address), so actions wait
   * for its next `ready` again instead of being posted into a page that is not listening yet.
   */
  reset(): void;
  /** Disconnects and forgets every handler and queued action. */
  destroy(): void;
}

