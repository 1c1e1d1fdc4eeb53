import type { ActionType } from '../protocol/actionPayloads.js';
import { type Surface, SURFACES } from '../protocol/envelope.js';
import type { EventMap, EventType, ReadyPayload } from '../protocol/eventPayloads.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { normalizeTenantOrigin } from '../protocol/normalizeTenantOrigin.js';
import { parseActionMessage } from '../protocol/parseActionMessage.js';
import { createEventMessage } from '../tenant/createEventMessage.js';
import { cloneAsPosted } from './cloneAsPosted.js';
import { findEmbedFrame, frameOrigin } from './findEmbedFrame.js';
import { readyDefaults, surfaceOfAddress } from './readyDefaults.js';
import { recordPostMessage } from './recordPostMessage.js';
import type { MockSvcTenantOptions, RecordedAction, SvcTenantMock, WaitForActionOptions } from './SvcTenantMock.js';
import { svcError } from '../protocol/svcError.js';

const active = new Set<SvcTenantMock>();

/** Restores every mock still active (for an `afterEach`; `setupSvcTesting` registers it for you). */
export function restoreAllSvcTenants(): void {
  for (const mock of [...active]) mock.restore();
}

function describeType(message: unknown): string {
  const type = typeof message === 'object' && message !== null ? (message as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type.slice(0, 80) : '(no type)';
}

/**
 * Stands in for an embed's iframe side, in-process, for jsdom and happy-dom tests of an app that embeds
 * the platform: it emits events the way the iframe would (so the library's real origin, window and schema
 * checks pass) and records the actions the host posts to the iframe, with their target origin.
 *
 * Call it once the embed's iframe is rendered, or before: the iframe is looked up when first needed.
 * Restore it with `restore()`, or every mock after each test: call `setupSvcTesting(afterEach)` once in a
 * setup file (or `restoreAllSvcTenants()` in your own `afterEach`).
 *
 * @example
 * render(<SvcDashboard tenantOrigin="https://acme.example.com" publicId="sales" filters={filters} />);
 * const tenant = mockSvcTenant({ act });
 * tenant.ready();
 * expect(onReady).toHaveBeenCalled();
 * rerender(<SvcDashboard ... filters={{ 'orders.region': { value: 'EU' } }} />);
 * const action = await tenant.waitForAction('svc:action:set-filter');
 * expect(action.targetOrigin).toBe('https://acme.example.com');
 */
export function mockSvcTenant(options: MockSvcTenantOptions = {}): SvcTenantMock {
  const doc = options.document ?? globalThis.document;
  if (!doc) throw svcError(601, 'mockSvcTenant needs a DOM (jsdom or happy-dom): there is no document.', Error);
  if (options.surface !== undefined && !(SURFACES as readonly string[]).includes(options.surface)) {
    throw svcError(602, `mockSvcTenant: unknown surface "${String(options.surface)}"; expected one of ${SURFACES.join(', ')}.`);
  }
  const configuredOrigin = options.tenantOrigin === undefined ? undefined : normalizeTenantOrigin(options.tenantOrigin);
  const act = options.act ?? ((callback: () => void) => callback());
  const actions: RecordedAction[] = [];
  const spied = new Map<Window, () => void>();
  const waiters = new Set<() => void>();
  // Per type: how many recorded actions of that type earlier waitForAction calls have handed out.
  const consumed = new Map<string, number>();
  let restored = false;

  const locate = (): HTMLIFrameElement => {
    const given = typeof options.iframe === 'function' ? options.iframe() : options.iframe;
    if (given) return given;
    if (options.iframe !== undefined) throw svcError(603, 'mockSvcTenant: the iframe function returned no iframe.', Error);
    return findEmbedFrame(doc, { embedId: options.embedId, tenantOrigin: configuredOrigin });
  };

  const record = (message: unknown, targetOrigin: string): void => {
    const parsed = parseActionMessage(message);
    const payload = typeof message === 'object' && message !== null ? (message as { payload?: unknown }).payload : undefined;
    const entry = parsed.ok
      ? { type: parsed.message.type, payload: parsed.message.payload, message, targetOrigin, valid: true }
      : { type: describeType(message), payload, message, targetOrigin, valid: false, problem: parsed.reason };
    actions.push(entry as RecordedAction);
    for (const wake of [...waiters]) wake();
  };

  /** The embed's window, recording what the host posts to it from now on. */
  const embedWindow = (iframe: HTMLIFrameElement): Window => {
    const win = iframe.contentWindow;
    if (!win) {
      throw svcError(
        604,
        'mockSvcTenant: the embed iframe has no contentWindow (is it attached to the document? happy-dom needs enableIframePageLoading for iframes).',
        Error,
      );
    }
    if (!spied.has(win)) spied.set(win, recordPostMessage(win, record));
    return win;
  };

  const origin = (iframe: HTMLIFrameElement): string => {
    if (configuredOrigin !== undefined) return configuredOrigin;
    const fromSrc = frameOrigin(iframe);
    if (fromSrc === null) throw svcError(605, 'mockSvcTenant: the iframe has no http(s) src to take the tenant origin from; pass tenantOrigin.', Error);
    return fromSrc;
  };

  const surfaceNow = (): Surface => {
    if (options.surface !== undefined) return options.surface;
    try {
      return surfaceOfAddress(locate().getAttribute('src')) ?? 'dashboard';
    } catch {
      return 'dashboard';
    }
  };

  const ensureActive = (): void => {
    if (restored) throw svcError(606, 'mockSvcTenant: this mock was restored; create a new one.', Error);
  };

  const dispatch = (data: unknown, eventOrigin: string, source: Window | null): void => {
    const target = doc.defaultView;
    if (!target) throw svcError(601, 'mockSvcTenant: the document has no window.', Error);
    act(() => {
      target.dispatchEvent(new MessageEvent('message', { data, origin: eventOrigin, source }));
    });
  };

  const emit = <T extends EventType>(type: T, payload: EventMap[T]): SvcEventMessage<T> => {
    ensureActive();
    const iframe = locate();
    const message = createEventMessage(surfaceNow(), type, payload);
    const win = embedWindow(iframe);
    // Delivered as a structured clone, as postMessage delivers it.
    dispatch(cloneAsPosted(message), origin(iframe), win);
    return message;
  };

  // Record from the start when the iframe is already there; otherwise from the first emit.
  try {
    embedWindow(locate());
  } catch {
    // Not rendered yet: looked up again when needed.
  }

  const mock: SvcTenantMock = {
    get surface() {
      return surfaceNow();
    },
    get actions() {
      return actions;
    },
    get iframe() {
      return locate();
    },
    lastAction<T extends ActionType>(type: T) {
      return actions.findLast((action) => action.type === type) as RecordedAction<T> | undefined;
    },
    waitForAction<T extends ActionType>(type: T, waitOptions: WaitForActionOptions<T> = {}) {
      const timeout = waitOptions.timeout ?? 1000;
      const match = waitOptions.match ?? (() => true);
      const take = (): RecordedAction<T> | undefined => {
        const ofType = actions.filter((action) => action.type === type) as RecordedAction<T>[];
        const start = consumed.get(type) ?? 0;
        const index = ofType.findIndex((action, i) => i >= start && match(action));
        if (index < 0) return undefined;
        consumed.set(type, index + 1);
        return ofType[index];
      };
      try {
        embedWindow(locate());
      } catch {
        // The iframe may appear later; actions can only be posted to it once it exists.
      }
      const now = take();
      if (now) return Promise.resolve(now);
      return new Promise<RecordedAction<T>>((resolve, reject) => {
        const wake = (): void => {
          const found = take();
          if (!found) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          const seen = actions.map((action) => action.type).join(', ') || 'none';
          reject(svcError(607, `waitForAction('${type}') timed out after ${timeout} ms; recorded actions: ${seen}.`, Error));
        }, timeout);
        waiters.add(wake);
      });
    },
    clearActions() {
      actions.length = 0;
      consumed.clear();
    },
    emit,
    ready(payload = {}) {
      const src = (() => {
        try {
          return locate().getAttribute('src');
        } catch {
          return null;
        }
      })();
      const surface = surfaceNow();
      const full: ReadyPayload = { ...readyDefaults(surface, src), ...payload };
      return emit('svc:event:ready', full);
    },
    dispatchRaw(data, rawOptions = {}) {
      ensureActive();
      const iframe = locate();
      const source = rawOptions.source === undefined ? embedWindow(iframe) : rawOptions.source;
      dispatch(data, rawOptions.origin ?? origin(iframe), source);
    },
    restore() {
      if (restored) return;
      restored = true;
      for (const undo of spied.values()) undo();
      spied.clear();
      waiters.clear();
      active.delete(mock);
    },
  };
  active.add(mock);
  return mock;
}
