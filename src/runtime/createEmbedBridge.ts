import { redactReport } from '../credentials/redactReport.js';
import { createActionMessage } from '../protocol/createActionMessage.js';
import { createActionQueue } from './createActionQueue.js';
import { createEmbedStore } from './createEmbedStore.js';
import type { EmbedBridge } from './EmbedBridge.js';
import type { EmbedBridgeOptions } from './EmbedBridgeOptions.js';
import type { EmbedDebugReport, EmbedDropReason } from '../protocol/EmbedDebugReport.js';
import type { EmbedInspectorEntry } from './EmbedInspectorEntry.js';
import type { UnknownValue } from '../protocol/fieldChecks.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { inspectorOf } from './createEmbedInspector.js';
import { runtimeOf } from './defaultEmbedRuntime.js';
import type { EmbedRuntime } from './EmbedRuntime.js';
import { addEmbedRoute } from './messageRouter.js';
import type { SvcActionMessage, SvcEventMessage } from '../protocol/messages.js';
import { normalizeTenantOrigin } from '../protocol/normalizeTenantOrigin.js';
import { reduceEmbedEvent } from './reduceEmbedEvent.js';
import { createListeners, type Listeners } from './createListeners.js';
import { svcError } from '../protocol/svcError.js';

export type { EmbedBridge, EmbedEventHandler, EmbedTarget } from './EmbedBridge.js';
export type { EmbedBridgeOptions } from './EmbedBridgeOptions.js';

/** The key of the list of handlers that hear every event (the other lists are keyed by event type). */
const ANY = 0;
/** The key of the list of debug hooks. */
const DEBUG = 1;

/**
 * Any subscriber: the lists hold event handlers, `onAny` handlers and debug hooks alike, and each key's
 * callers pass that kind's arguments.
 */
type Subscriber = (...args: never[]) => void;

/**
 * Hands an entry of `embedId` to its runtime's inspector, built only while someone listens. `at` defaults to
 * now; the fields of `entry` come last and win. Development only (the inspector's one reader, `<SvcDevtools>`,
 * renders nothing in production), and called only behind `isDevelopment`, so a production bundle drops it whole.
 */
function tap(runtime: EmbedRuntime, embedId: string, kind: EmbedInspectorEntry['kind'], entry: object): void {
  const inspector = inspectorOf(runtime);
  if (inspector.active) inspector.emit({ kind, embedId, at: Date.now(), ...entry } as EmbedInspectorEntry);
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
  const tenantOrigin = normalizeTenantOrigin(options.tenantOrigin);
  const runtime = runtimeOf(options);
  const embedId = options.embedId ?? runtime.nextId('svc-embed');
  const { surface } = options;
  const store = createEmbedStore(embedId, surface);
  const limit = options.maxQueuedActions ?? 100;
  if (!Number.isInteger(limit) || limit < 1) throw svcError(142, isDevelopment ? 'maxQueuedActions must be a positive integer' : 'maxQueuedActions');
  const queue = createActionQueue(limit);
  /**
   * Every subscriber list, by event type, {@link ANY} or {@link DEBUG}, made on first subscription. Each is the
   * runtime's one listener list: dispatch walks it without copying (this runs for every event), a subscription
   * made or removed while an event is dispatched applies from the next one, and a subscriber's error is
   * reported without stopping the others.
   */
  const lists = new Map<unknown, Listeners<unknown[]>>();
  const subscribe = (key: unknown, subscriber: Subscriber): (() => void) => {
    let list = lists.get(key);
    if (!list) {
      list = createListeners();
      lists.set(key, list);
    }
    return list.add(subscriber as (...args: unknown[]) => void);
  };
  if (options.onDebug) subscribe(DEBUG, options.onDebug);
  const hasDebugHooks = (): boolean => (lists.get(DEBUG)?.size ?? 0) > 0;

  let getWindow: (() => Window | null | undefined) | null = null;
  let disconnectCurrent: (() => void) | null = null;
  let ready = false;

  /** An action as reports and the inspector may show it: a session handed over in place is a credential. */
  const shown = (message: SvcActionMessage): SvcActionMessage =>
    message.type === 'svc:action:set-session' ? { ...message, payload: { sessionId: '[redacted]' } } : message;

  const debug = (report: Omit<EmbedDebugReport, 'embedId'>): void => {
    if (isDevelopment) tap(runtime, embedId, 'dropped', { report: { ...report, embedId } });
    // Development reports carry no credentials and only a bounded preview of the refused data (the shared
    // redaction, only while a hook listens); production ones pass foreign data as received, and a production
    // bundle drops redaction with this guard.
    lists.get(DEBUG)?.emit(isDevelopment && hasDebugHooks() ? redactReport({ ...report, embedId }) : { ...report, embedId });
  };

  const post = (message: SvcActionMessage, flushed?: true): void => {
    const win = getWindow?.();
    const stamped = { ...message, timestamp: Date.now() };
    // Production details name what was dropped, and the reason's code says why (as every production text does).
    if (win == null) {
      debug({ reason: 'not-connected', detail: isDevelopment ? `${message.type} not sent: not connected` : message.type, data: shown(message) });
    } else {
      win.postMessage(stamped, tenantOrigin);
      if (isDevelopment) tap(runtime, embedId, flushed ? 'action-flushed' : 'action-sent', { at: stamped.timestamp, message: shown(stamped) });
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
    if (isDevelopment) tap(runtime, embedId, 'event', { message });
    store.setState(reduceEmbedEvent(store.getState(), message), true);
    // Each list is called directly: this runs for every event, and a variadic helper in between would copy the
    // arguments into an array once more per list.
    lists.get(message.type)?.emit(message.payload, message);
    lists.get(ANY)?.emit(message);
  };

  const drop = (reason: EmbedDropReason, detail: string, event: MessageEvent, type?: string): void => {
    // A dropped message costs this check unless someone listens: its data is read and described only then.
    if (!hasDebugHooks() && !(isDevelopment && inspectorOf(runtime).active)) return;
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
      const unregister = runtime.registry.register(bridge);
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
      if (isDevelopment) tap(runtime, embedId, 'action-queued', { message: shown(message) });
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
