import type { ActionMap, ActionType } from '../protocol/actionPayloads.js';
import type { Surface } from '../protocol/envelope.js';
import type { EventMap, EventType } from '../protocol/eventPayloads.js';
import type { SvcActionMessage, SvcEventMessage } from '../protocol/messages.js';
import { parseActionMessage } from '../protocol/parseActionMessage.js';
import { createEventMessage } from './createEventMessage.js';
import type { TenantDebugHook, TenantDebugReport } from './TenantDebugReport.js';
import { svcError } from '../protocol/svcError.js';

/** A handler of one action type: the validated payload, and the whole envelope. */
export type TenantActionHandler<T extends ActionType> = (payload: ActionMap[T], message: SvcActionMessage<T>) => void;

/** Options of {@link createTenantBridge}. */
export interface TenantBridgeOptions {
  /** The surface this page shows; stamped on every event. */
  readonly surface: Surface;
  /**
   * The origin of the host page (see `detectHostOrigin`). Events are posted with it as target origin and
   * actions are accepted only from it. `"*"` is refused.
   */
  readonly hostOrigin: string;
  /** The window events go to and actions must come from. @default the `window` option's `parent` */
  readonly parent?: Window | undefined;
  /** The window whose `message` events are listened to (the iframe's own window). @default globalThis.window */
  readonly window?: Window | undefined;
  /** Receives every valid action, after the typed handlers. */
  readonly onAction?: ((message: SvcActionMessage) => void) | undefined;
  /** Receives everything ignored or refused, with the reason. */
  readonly onDebug?: TenantDebugHook | undefined;
}

/** The embed side of the protocol, from inside the iframe. */
export interface TenantBridge {
  readonly surface: Surface;
  /** The normalised host origin. */
  readonly hostOrigin: string;
  /**
   * Posts a valid event to the parent window, addressed to the host origin, and returns the envelope.
   *
   * @throws TypeError when the payload breaks the event's schema (it is a bug in the caller).
   */
  emit<T extends EventType>(type: T, payload: EventMap[T]): SvcEventMessage<T> | null;
  /** Calls `handler` for each valid action of `type`; returns the unsubscribe function. */
  on<T extends ActionType>(type: T, handler: TenantActionHandler<T>): () => void;
  /** Stops listening for actions and forgets every handler; later `emit` calls post nothing (reported as `destroyed`). */
  destroy(): void;
}

/** Checks a host origin and returns it as browsers report `event.origin`. */
function normalizeHostOrigin(hostOrigin: unknown): string {
  if (typeof hostOrigin !== 'string' || hostOrigin.trim() === '') {
    throw svcError(701, 'hostOrigin is required: the origin of the page that embeds this one.');
  }
  if (hostOrigin.trim() === '*') {
    throw svcError(702, 'hostOrigin must be a specific origin: events are never posted to "*".');
  }
  let url: URL;
  try {
    url = new URL(hostOrigin);
  } catch {
    throw svcError(703, 'hostOrigin is not a URL; expected an origin such as "https://app.example.com".');
  }
  if (url.origin === 'null' || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw svcError(703, `hostOrigin must be an http(s) origin; got the scheme "${url.protocol}".`);
  }
  if (
    (url.pathname !== '/' && url.pathname !== '') ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw svcError(704, 'hostOrigin must be an origin only (scheme, host, port), without a path, query or fragment.');
  }
  return url.origin;
}

/** Whether `data` claims to be an action of this protocol, which earns a refusal an answer. */
function looksLikeAction(data: unknown): data is { readonly type?: unknown } {
  if (typeof data !== 'object' || data === null) return false;
  try {
    const record = data as Record<string, unknown>;
    return record.source === 'svc-embed' && record.direction === 'action';
  } catch {
    return false;
  }
}

/**
 * The action an error is about, for the `context` of the answering `svc:event:error`: the parser's type
 * when it read one, else the envelope's own `type` field when it names an action.
 */
function actionContext(type: unknown): string {
  return typeof type === 'string' && type.startsWith('svc:action:') ? type.slice(0, 80) : 'svc:action';
}

function readType(data: { readonly type?: unknown }): unknown {
  try {
    return data.type;
  } catch {
    return undefined;
  }
}

function reportHandlerError(error: unknown): void {
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
}

/**
 * Creates the embed side of the protocol inside an iframe: it posts events to the host and receives the
 * host's actions.
 *
 * Security: events are posted to `parent` with `hostOrigin` as target origin, never `"*"`. A message is
 * taken as an action only when `event.source` is `parent` AND `event.origin` is `hostOrigin` AND it
 * validates; messages from other windows or origins are ignored (reported to `onDebug`), and an invalid
 * `svc-embed` action from the host is answered with a non-fatal `svc:event:error` naming the action.
 *
 * @example
 * const bridge = createTenantBridge({ surface: 'dashboard', hostOrigin: detectHostOrigin() ?? fail() });
 * bridge.on('svc:action:set-color-scheme', ({ scheme }) => applyScheme(scheme));
 * bridge.emit('svc:event:ready', { surface: 'dashboard', mode: 'signed', embedTenant: 'acme', deploymentId: 42 });
 */
export function createTenantBridge(options: TenantBridgeOptions): TenantBridge {
  const { surface } = options;
  const hostOrigin = normalizeHostOrigin(options.hostOrigin);
  const win = options.window ?? window;
  const parent = options.parent ?? win.parent;
  const handlers = new Map<ActionType, Set<TenantActionHandler<ActionType>>>();
  let onAction = options.onAction;
  const onDebug = options.onDebug;
  let destroyed = false;

  const debug = (report: TenantDebugReport): void => {
    try {
      onDebug?.(report);
    } catch (error) {
      reportHandlerError(error);
    }
  };

  const emit = <T extends EventType>(type: T, payload: EventMap[T]): SvcEventMessage<T> | null => {
    const message = createEventMessage(surface, type, payload);
    if (destroyed) {
      debug({ reason: 'destroyed', detail: `${type} was not posted: the bridge is destroyed`, type });
      return null;
    }
    parent.postMessage(message, hostOrigin);
    return message;
  };

  const refuse = (type: unknown, name: string, message: string): void => {
    emit('svc:event:error', { message, name, context: actionContext(type), fatal: false });
  };

  const dispatch = (message: SvcActionMessage): void => {
    const typed = handlers.get(message.type);
    const all: ((message: SvcActionMessage) => void)[] = [];
    if (typed) for (const handler of typed) all.push((m) => handler(m.payload, m));
    if (onAction) all.push(onAction);
    for (const handler of all) {
      try {
        handler(message);
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        debug({ reason: 'handler-error', detail, type: message.type });
        refuse(message.type, error instanceof Error ? error.name : 'Error', `${message.type} failed: ${detail}`);
      }
    }
  };

  const listener = (event: MessageEvent): void => {
    if (event.source !== parent) {
      debug({ reason: 'wrong-source-window', detail: 'not posted by the parent window', origin: event.origin });
      return;
    }
    if (event.origin !== hostOrigin) {
      debug({ reason: 'wrong-origin', detail: `from ${event.origin || '(no origin)'}; expected ${hostOrigin}`, origin: event.origin });
      return;
    }
    const data: unknown = event.data;
    if (!looksLikeAction(data)) {
      debug({ reason: 'not-an-action', detail: 'not an svc-embed action envelope', origin: event.origin });
      return;
    }
    const result = parseActionMessage(data);
    if (!result.ok) {
      const report: TenantDebugReport =
        result.type === undefined
          ? { reason: result.code, detail: result.reason, origin: event.origin }
          : { reason: result.code, detail: result.reason, origin: event.origin, type: result.type };
      debug(report);
      refuse(result.type ?? readType(data), result.code === 'unknown-type' ? 'UnknownActionError' : 'InvalidActionError', result.reason);
      return;
    }
    dispatch(result.message);
  };

  win.addEventListener('message', listener);

  return {
    surface,
    hostOrigin,
    emit,
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      const entry = handler as TenantActionHandler<ActionType>;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      win.removeEventListener('message', listener);
      handlers.clear();
      onAction = undefined;
    },
  };
}
