import { scrubReport } from '../credentials/scrubReport.js';
import { createActionMessage } from './createActionMessage.js';
import { createActionQueue } from './createActionQueue.js';
import { createEmbedStore } from './createEmbedStore.js';
import type { EmbedBridge, EmbedBridgeOptions } from './EmbedBridge.js';
import type { EmbedDebugReport, EmbedDropReason } from './EmbedDebugReport.js';
import { type EmbedInspectorEntry, embedInspector } from './embedInspector.js';
import type { UnknownValue } from './fieldChecks.js';
import { isDevelopment } from './isDevelopment.js';
import { registerEmbed } from './embedRegistry.js';
import { addEmbedRoute } from './messageRouter.js';
import type { SvcActionMessage, SvcEventMessage } from './messages.js';
import { normalizeTenantOrigin } from './normalizeTenantOrigin.js';
import { reduceEmbedEvent } from './reduceEmbedEvent.js';
import { svcError } from './svcError.js';

export type { EmbedBridge, EmbedBridgeOptions, EmbedEventHandler, EmbedTarget } from './EmbedBridge.js';

let generatedIds = 0;

/** What a key without subscribers iterates: one shared empty list, not a new one per event. */
const NO_HANDLERS: readonly never[] = [];

/**
 * Any subscriber: the lists hold event handlers, `onAny` handlers and debug hooks alike, and each key's
 * callers pass that kind's arguments.
 */
type Subscriber = (...args: never[]) => void;

/**
 * Hands an entry of `embedId` to the inspector, built only while someone listens. `at` defaults to now; the
 * fields of `entry` come last and win. One helper rather than an object literal at every call: it keeps the
 * bundle small. Development only (the inspector's one reader, `<SvcDevtools>`, renders nothing in
 * production), and called only behind `isDevelopment`, so a production bundle drops it whole.
 */
function tap(embedId: string, kind: EmbedInspectorEntry['kind'], entry: object): void {
  if (embedInspector.active) embedInspector.emit({ kind, embedId, at: Date.now(), ...entry } as EmbedInspectorEntry);
}

/**
 * Creates the host side of one embed. Creating it has no side effect; {@link EmbedBridge.connect} starts
 * listening (through the one shared window listener) once the iframe exists.
 *
 * Security: an event is accepted only when `event.origin` is the tenant origin AND `event.source` is this
 * embed's iframe window AND the message validates; actions are posted to the iframe's window with the
 * tenant origin as target origin, never `"*"`.
 *
 * @example
 * const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: 'https://acme.example.com' });
 * const disconnect = bridge.connect(iframe);
 * bridge.on('svc:event:download', (payload) => console.log(payload.format));
 * bridge.send('svc:action:set-color-scheme', { scheme: 'dark' }); // queued until ready
 */
export function createEmbedBridge(options: EmbedBridgeOptions): EmbedBridge {
  // The keys of the subscriber lists that are not an event type's: every event's handlers, and the debug
  // hooks. Declared in the function, not beside it, so that bundlers write the numbers where they are used.
  const ANY = 0;
  const DEBUG = 1;
  const tenantOrigin = normalizeTenantOrigin(options.tenantOrigin);
  const embedId = options.embedId ?? `svc-embed-${++generatedIds}`;
  const { surface } = options;
  const store = createEmbedStore(embedId, surface);
  const limit = options.maxQueuedActions ?? 100;
  if (!Number.isInteger(limit) || limit < 1) throw svcError(142, isDevelopment ? 'maxQueuedActions must be a positive integer' : 'maxQueuedActions');
  const queue = createActionQueue(limit);
  /**
   * Every subscriber list, by event type, {@link ANY} or {@link DEBUG}: one map rather than a structure per
   * kind keeps the bundle small. A list is replaced, never mutated: dispatch walks it without copying (this
   * runs for every event), and a subscription made or removed while an event is dispatched applies from the
   * next one.
   */
  const lists = new Map<unknown, readonly Subscriber[]>();
  if (options.onDebug) lists.set(DEBUG, [options.onDebug]);
  const subscribe = (key: unknown, subscriber: Subscriber): (() => void) => {
    const list = lists.get(key) ?? NO_HANDLERS;
    if (!list.includes(subscriber)) lists.set(key, [...list, subscriber]);
    return () => {
      lists.set(key, (lists.get(key) ?? NO_HANDLERS).filter((other) => other !== subscriber));
    };
  };

  /**
   * Calls every subscriber of `key` with the arguments; an error a subscriber throws is reported (to the
   * page's error handling) without stopping the others.
   */
  const dispatch = (key: unknown, ...args: unknown[]): void => {
    for (const subscriber of lists.get(key) ?? NO_HANDLERS) {
      try {
        (subscriber as (...args: unknown[]) => void)(...args);
      } catch (error) {
        if (typeof reportError === 'function') reportError(error);
        else
          setTimeout(() => {
            throw error;
          });
      }
    }
  };

  let getWindow: (() => Window | null | undefined) | null = null;
  let disconnectCurrent: (() => void) | null = null;
  let ready = false;

  /** An action as reports and the inspector may show it: a session handed over in place is a credential. */
  const shown = (message: SvcActionMessage): SvcActionMessage =>
    message.type === 'svc:action:set-session' ? { ...message, payload: { sessionId: '[redacted]' } } : message;

  const debug = (report: Omit<EmbedDebugReport, 'embedId'>): void => {
    if (isDevelopment) tap(embedId, 'dropped', { report: { ...report, embedId } });
    // Development reports carry no credentials and only a bounded preview of the refused data (the shared
    // scrubber, only while a hook listens); production ones pass foreign data as received, and a production
    // bundle drops the scrubber with this guard.
    dispatch(DEBUG, isDevelopment && lists.get(DEBUG)?.length ? scrubReport({ ...report, embedId }) : { ...report, embedId });
  };

  const post = (message: SvcActionMessage, flushed?: true): void => {
    const win = getWindow?.();
    const stamped = { ...message, timestamp: Date.now() };
    // Production details name what was dropped, and the reason's code says why (as every production text does).
    if (win == null) {
      debug({ reason: 'not-connected', detail: isDevelopment ? `${message.type} not sent: not connected` : message.type, data: shown(message) });
    } else {
      win.postMessage(stamped, tenantOrigin);
      if (isDevelopment) tap(embedId, flushed ? 'action-flushed' : 'action-sent', { at: stamped.timestamp, message: shown(stamped) });
    }
  };

  /** Unknown enum values already reported by this embed: each is reported once. */
  let reportedValues: Set<string> | undefined;

  const receive = (message: SvcEventMessage, unknownValues?: readonly UnknownValue[]): void => {
    // The platform added a value: deliver the event (tolerant reading) and say so once, in development. Written
    // inline, not as a helper: a production bundle folds this branch away, where it would keep an unused helper.
    if (isDevelopment && unknownValues !== undefined) {
      const { type } = message;
      reportedValues ??= new Set();
      for (const { field, value } of unknownValues) {
        const key = `${type} ${field} ${value}`;
        if (reportedValues.has(key)) continue;
        reportedValues.add(key);
        debug({
          reason: 'unknown-value',
          type,
          detail: `${field} is ${JSON.stringify(value)}, a value this version does not know; the event was delivered`,
        });
      }
    }
    if (message.type === 'svc:event:ready') {
      ready = true;
      // Flush in the same task that handles ready, before any app handler runs, so the embed gets queued
      // state first and whatever handlers send after it.
      for (const queued of queue.drain()) post(queued, true);
    }
    if (isDevelopment) tap(embedId, 'event', { message });
    store.setState(reduceEmbedEvent(store.getState(), message), true);
    dispatch(message.type, message.payload, message);
    dispatch(ANY, message);
  };

  const drop = (reason: EmbedDropReason, detail: string, event: MessageEvent, type?: string): void => {
    // A dropped message costs this check unless someone listens: its data is read and described only then.
    if (!lists.get(DEBUG)?.length && !(isDevelopment && embedInspector.active)) return;
    debug({ reason, detail, origin: event.origin, data: event.data, ...(type !== undefined && { type }) });
  };

  const bridge: EmbedBridge = {
    embedId,
    surface,
    tenantOrigin,
    store,
    get isReady() {
      return ready;
    },
    get isConnected() {
      return disconnectCurrent !== null;
    },
    connect(target) {
      disconnectCurrent?.();
      getWindow = typeof target === 'function' ? target : () => target.contentWindow;
      const unregister = registerEmbed(bridge);
      const removeRoute = addEmbedRoute({ tenantOrigin, getWindow, receive, drop });
      const disconnect = (): void => {
        if (disconnectCurrent !== disconnect) return;
        removeRoute();
        unregister();
        disconnectCurrent = null;
        getWindow = null;
      };
      disconnectCurrent = disconnect;
      return disconnect;
    },
    send(type, ...payload) {
      const message = createActionMessage(type, ...payload) as SvcActionMessage;
      // After ready, `post` sends it, or reports `not-connected` when the embed was disconnected since.
      if (ready) {
        post(message);
        return;
      }
      const dropped = queue.push(message);
      if (isDevelopment) tap(embedId, 'action-queued', { message: shown(message) });
      if (dropped) {
        debug({
          reason: 'queue-overflow',
          detail: isDevelopment ? `${dropped.type} discarded: over ${limit} actions queued` : dropped.type,
          type: dropped.type,
          data: shown(dropped),
        });
      }
    },
    on: subscribe,
    onAny(handler) {
      return subscribe(ANY, handler);
    },
    addDebugHook(hook) {
      return subscribe(DEBUG, hook);
    },
    report: debug,
    reset() {
      ready = false;
    },
    destroy() {
      disconnectCurrent?.();
      queue.drain();
      lists.clear();
    },
  };
  return bridge;
}
