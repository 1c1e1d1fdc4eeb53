import type { ActionMap, ActionType } from '../protocol/actionPayloads.js';
import type { Surface } from '../protocol/envelope.js';
import type { EventMap, EventType, ReadyPayload } from '../protocol/eventPayloads.js';
import type { SvcEventMessage } from '../protocol/messages.js';

/** Options of `mockSvcTenant`. */
export interface MockSvcTenantOptions {
  /**
   * The origin events appear to come from: the tenant origin the embed under test was given.
   * @default the origin of the embed iframe's `src`
   */
  readonly tenantOrigin?: string | undefined;
  /**
   * The surface stamped on events.
   * @default read from the iframe's address (`/embed/chat`: chat, `/embed/d/<id>/app`: app), else `'dashboard'`
   */
  readonly surface?: Surface | undefined;
  /**
   * Which embed to stand in for: the `embedId` the component was given (its iframe carries
   * `data-svc-embed-id`). @default the only iframe whose `src` is on `tenantOrigin`, or the only iframe
   */
  readonly embedId?: string | undefined;
  /** The iframe itself, or a function returning it, instead of searching the document. */
  readonly iframe?: HTMLIFrameElement | (() => HTMLIFrameElement | null | undefined) | undefined;
  /**
   * Wraps every event dispatch, for frameworks that want state updates inside a scope: pass React Testing
   * Library's `act` to keep React from warning. @default calls the callback directly
   */
  readonly act?: ((callback: () => void) => unknown) | undefined;
  /** The document holding the embed. @default globalThis.document */
  readonly document?: Document | undefined;
}

/** An action the host posted to the embed's window, as the mock recorded it. */
export interface RecordedAction<T extends ActionType = ActionType> {
  /** The action type, as posted (for an invalid message, whatever its `type` field held). */
  readonly type: T;
  /** The payload, as posted. */
  readonly payload: ActionMap[T];
  /** The whole message, as posted. */
  readonly message: unknown;
  /**
   * The target origin the host passed to `postMessage`: assert it is the tenant origin and never `"*"`.
   * `"/"` when none was given (the browser's default).
   */
  readonly targetOrigin: string;
  /** Whether the message is a valid protocol action (`parseActionMessage` accepts it). */
  readonly valid: boolean;
  /** Why the message is not a valid action. */
  readonly problem?: string;
}

/** Options of {@link SvcTenantMock.waitForAction}. */
export interface WaitForActionOptions<T extends ActionType> {
  /** How long to wait, in milliseconds (real timers). @default 1000 */
  readonly timeout?: number | undefined;
  /** Only an action this accepts counts. */
  readonly match?: ((action: RecordedAction<T>) => boolean) | undefined;
}

/** Options of {@link SvcTenantMock.dispatchRaw}. */
export interface DispatchRawOptions {
  /** `event.origin`. @default the tenant origin */
  readonly origin?: string | undefined;
  /** `event.source`. @default the embed iframe's window */
  readonly source?: Window | null | undefined;
}

/** The stand-in for an embed's iframe side, for jsdom and happy-dom tests. */
export interface SvcTenantMock {
  /** The surface stamped on events. */
  readonly surface: Surface;
  /** Every action the host posted to the embed's window so far, oldest first. */
  readonly actions: readonly RecordedAction[];
  /** The latest recorded action of a type. */
  lastAction<T extends ActionType>(type: T): RecordedAction<T> | undefined;
  /**
   * Resolves with the earliest recorded action of `type` (and `match`) that no earlier call returned,
   * waiting for one if needed: successive calls step through successive actions. Rejects after `timeout`
   * with the list of what was recorded.
   */
  waitForAction<T extends ActionType>(type: T, options?: WaitForActionOptions<T>): Promise<RecordedAction<T>>;
  /** Forgets the recorded actions (and where `waitForAction` had got to). */
  clearActions(): void;
  /**
   * Delivers a valid event to the host page as the embed would: a `message` event on `window` from the
   * iframe's window and the tenant origin.
   *
   * @throws TypeError when the payload is invalid for the event; Error when the embed's iframe is not found.
   */
  emit<T extends EventType>(type: T, payload: EventMap[T]): SvcEventMessage<T>;
  /** Emits `svc:event:ready` with defaults for the surface, overridden by `payload`. */
  ready(payload?: Partial<ReadyPayload>): SvcEventMessage<'svc:event:ready'>;
  /** Delivers anything as a `message` event, to test how the host treats bad or foreign messages. */
  dispatchRaw(data: unknown, options?: DispatchRawOptions): void;
  /** The embed's iframe. @throws Error when it is not in the document. */
  readonly iframe: HTMLIFrameElement;
  /** Puts back the iframe windows' `postMessage` and stops the mock. Safe to call twice. */
  restore(): void;
}
