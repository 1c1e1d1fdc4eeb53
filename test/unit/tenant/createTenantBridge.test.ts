import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActionMessage, parseEventMessage } from '../../../src/protocol/index.js';
import { createTenantBridge, type TenantBridge, type TenantDebugReport } from '../../../src/tenant/index.js';

const HOST = 'https://app.example.com';

/** A stand-in for the host page's window: an iframe's window gives a real, distinct `Window` to compare. */
function makeParent() {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const parent = frame.contentWindow as Window;
  const posted = vi.spyOn(parent, 'postMessage').mockImplementation(() => {});
  return { frame, parent, posted };
}

/** Delivers a message to the embed's window as the browser would, with origin and source set. */
function deliver(data: unknown, origin: string, source: Window | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

const bridges: TenantBridge[] = [];
function bridgeFor(parent: Window, extra: Partial<Parameters<typeof createTenantBridge>[0]> = {}) {
  const reports: TenantDebugReport[] = [];
  const bridge = createTenantBridge({
    surface: 'dashboard',
    hostOrigin: HOST,
    parent,
    onDebug: (report) => reports.push(report),
    ...extra,
  });
  bridges.push(bridge);
  return { bridge, reports };
}

afterEach(() => {
  for (const bridge of bridges.splice(0)) bridge.destroy();
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('createTenantBridge: events', () => {
  it('posts a valid event envelope to the parent, addressed to the host origin only', () => {
    const { parent, posted } = makeParent();
    const { bridge } = bridgeFor(parent);
    bridge.emit('svc:event:ready', {
      surface: 'dashboard',
      mode: 'signed',
      embedTenant: 'acme',
      deploymentId: 42,
      publicId: 'sales',
    });
    expect(posted).toHaveBeenCalledTimes(1);
    const [message, target] = posted.mock.calls[0] as [unknown, string];
    expect(target).toBe(HOST);
    const parsed = parseEventMessage(message);
    expect(parsed.ok).toBe(true);
    expect(message).toMatchObject({
      source: 'svc-embed',
      direction: 'event',
      type: 'svc:event:ready',
      surface: 'dashboard',
      payload: { publicId: 'sales', mode: 'signed' },
    });
    expect(typeof (message as { timestamp: unknown }).timestamp).toBe('number');
  });

  it('normalises the host origin it posts to', () => {
    const { parent, posted } = makeParent();
    const { bridge } = bridgeFor(parent, { hostOrigin: 'https://APP.example.com:443/' });
    expect(bridge.hostOrigin).toBe(HOST);
    bridge.emit('svc:event:navigate', { path: '/embed/d/42/app/workbook/130' });
    expect(posted.mock.calls[0]?.[1]).toBe(HOST);
  });

  it('refuses an invalid payload with a TypeError naming the field, and posts nothing', () => {
    const { parent, posted } = makeParent();
    const { bridge } = bridgeFor(parent);
    expect(() =>
      bridge.emit('svc:event:download', { format: 'docx', target: 'widget' } as never),
    ).toThrow(/svc:event:download.*payload\.format/);
    expect(() =>
      bridge.emit('svc:event:view', { surface: 'chat', path: '/embed/chat' }),
    ).toThrow(/disagrees with the embed's surface "dashboard"/);
    expect(posted).not.toHaveBeenCalled();
  });

  it.each(['*', '', 'not a url', 'https://app.example.com/path', 'javascript:alert(1)'])(
    'refuses the host origin %j',
    (hostOrigin) => {
      const { parent } = makeParent();
      expect(() => createTenantBridge({ surface: 'chat', hostOrigin, parent })).toThrow(TypeError);
    },
  );
});

describe('createTenantBridge: actions', () => {
  it('hands a valid action from the parent window and host origin to its typed handler', () => {
    const { parent } = makeParent();
    const onAction = vi.fn();
    const { bridge } = bridgeFor(parent, { onAction });
    const onFilter = vi.fn();
    const onScheme = vi.fn();
    bridge.on('svc:action:set-filter', onFilter);
    bridge.on('svc:action:set-color-scheme', onScheme);
    const action = createActionMessage('svc:action:set-filter', {
      filterUrlParameter: 'f_orders.status={"value":"completed"}',
    });
    deliver(action, HOST, parent);
    expect(onFilter).toHaveBeenCalledTimes(1);
    expect(onFilter.mock.calls[0]?.[0]).toEqual({ filterUrlParameter: 'f_orders.status={"value":"completed"}' });
    expect(onFilter.mock.calls[0]?.[1]).toMatchObject({ type: 'svc:action:set-filter', direction: 'action' });
    expect(onScheme).not.toHaveBeenCalled();
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('stops calling a handler once unsubscribed', () => {
    const { parent } = makeParent();
    const { bridge } = bridgeFor(parent);
    const handler = vi.fn();
    const off = bridge.on('svc:action:refresh', handler);
    deliver(createActionMessage('svc:action:refresh'), HOST, parent);
    off();
    deliver(createActionMessage('svc:action:refresh'), HOST, parent);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('ignores a valid action from another window, even on the host origin, without answering', () => {
    const { parent, posted } = makeParent();
    const other = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const handler = vi.fn();
    bridge.on('svc:action:navigate', handler);
    deliver(createActionMessage('svc:action:navigate', { path: '/evil' }), HOST, other.parent);
    deliver(createActionMessage('svc:action:navigate', { path: '/evil' }), HOST, null);
    expect(handler).not.toHaveBeenCalled();
    expect(posted).not.toHaveBeenCalled();
    expect(reports.map((r) => r.reason)).toEqual(['wrong-source-window', 'wrong-source-window']);
  });

  it('ignores an action from the parent window when its page is on another origin', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const handler = vi.fn();
    bridge.on('svc:action:set-color-scheme', handler);
    deliver(createActionMessage('svc:action:set-color-scheme', { scheme: 'dark' }), 'https://evil.example.com', parent);
    // A bad action from a foreign origin is not answered either: the answer would go to the host origin anyway.
    deliver({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-filter' }, 'https://evil.example.com', parent);
    expect(handler).not.toHaveBeenCalled();
    expect(posted).not.toHaveBeenCalled();
    expect(reports).toEqual([
      expect.objectContaining({ reason: 'wrong-origin', origin: 'https://evil.example.com' }),
      expect.objectContaining({ reason: 'wrong-origin' }),
    ]);
  });

  it('answers a bad action from the host with a non-fatal error naming the action', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const handler = vi.fn();
    bridge.on('svc:action:set-filter', handler);
    deliver(
      { source: 'svc-embed', direction: 'action', type: 'svc:action:set-filter', payload: { filterUrlParameter: 'status=1' }, timestamp: 1 },
      HOST,
      parent,
    );
    expect(handler).not.toHaveBeenCalled();
    expect(posted).toHaveBeenCalledTimes(1);
    const [message, target] = posted.mock.calls[0] as [unknown, string];
    expect(target).toBe(HOST);
    const parsed = parseEventMessage(message);
    if (!parsed.ok || parsed.message.type !== 'svc:event:error') throw new Error('expected an error event');
    expect(parsed.message.payload).toMatchObject({ context: 'svc:action:set-filter', fatal: false, name: 'InvalidActionError' });
    expect(parsed.message.payload.message).toMatch(/filterUrlParameter/);
    expect(reports).toEqual([expect.objectContaining({ reason: 'bad-payload', type: 'svc:action:set-filter' })]);
  });

  it('answers an unknown action type and a broken envelope, each with its own context', () => {
    const { parent, posted } = makeParent();
    bridgeFor(parent);
    deliver({ source: 'svc-embed', direction: 'action', type: 'svc:action:explode', payload: {}, timestamp: 1 }, HOST, parent);
    deliver({ source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', payload: {}, timestamp: 1, surface: 'chat' }, HOST, parent);
    deliver({ source: 'svc-embed', direction: 'action', payload: {}, timestamp: 1 }, HOST, parent);
    const payloads = posted.mock.calls.map(([message]) => (message as { payload: { context: string; name: string } }).payload);
    expect(payloads).toEqual([
      expect.objectContaining({ context: 'svc:action:explode', name: 'UnknownActionError' }),
      expect.objectContaining({ context: 'svc:action:refresh', name: 'InvalidActionError' }),
      expect.objectContaining({ context: 'svc:action', name: 'InvalidActionError' }),
    ]);
  });

  it('does not answer messages from the host that are not svc-embed actions', () => {
    const { parent, posted } = makeParent();
    const { reports } = bridgeFor(parent);
    for (const data of ['hello', null, 42, { type: 'webpack-ok' }, { source: 'svc-embed', direction: 'event', type: 'svc:event:ready' }]) {
      deliver(data, HOST, parent);
    }
    expect(posted).not.toHaveBeenCalled();
    expect(reports.every((report) => report.reason === 'not-an-action')).toBe(true);
    expect(reports).toHaveLength(5);
  });

  it('reports a throwing handler as a non-fatal error and still runs the other handlers', () => {
    const { parent, posted } = makeParent();
    const { bridge } = bridgeFor(parent);
    const second = vi.fn();
    bridge.on('svc:action:set-locale', () => {
      throw new RangeError('no such locale table');
    });
    bridge.on('svc:action:set-locale', second);
    deliver(createActionMessage('svc:action:set-locale', { locale: 'de' }), HOST, parent);
    expect(second).toHaveBeenCalledTimes(1);
    expect(posted.mock.calls[0]?.[0]).toMatchObject({
      type: 'svc:event:error',
      payload: { name: 'RangeError', context: 'svc:action:set-locale', fatal: false },
    });
  });

  it('stops listening and posting after destroy()', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const handler = vi.fn();
    bridge.on('svc:action:refresh', handler);
    bridge.destroy();
    deliver(createActionMessage('svc:action:refresh'), HOST, parent);
    expect(bridge.emit('svc:event:navigate', { path: '/x' })).toBeNull();
    expect(handler).not.toHaveBeenCalled();
    expect(posted).not.toHaveBeenCalled();
    expect(reports).toEqual([expect.objectContaining({ reason: 'destroyed', type: 'svc:event:navigate' })]);
  });

  it('posts to window.parent and listens on window by default', () => {
    // At the top of jsdom's document window.parent is window itself, so both defaults are observable here.
    const posted = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    const bridge = createTenantBridge({ surface: 'chat', hostOrigin: HOST });
    bridges.push(bridge);
    const handler = vi.fn();
    bridge.on('svc:action:refresh', handler);
    deliver(createActionMessage('svc:action:refresh'), HOST, window);
    bridge.emit('svc:event:view', { surface: 'chat', path: '/embed/chat' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(posted).toHaveBeenCalledWith(expect.objectContaining({ type: 'svc:event:view' }), HOST);
  });
});

describe('createTenantBridge: the host origin it accepts', () => {
  it.each([
    ['', /hostOrigin is required/],
    ['   ', /hostOrigin is required/],
    [undefined, /hostOrigin is required/],
    [42, /hostOrigin is required/],
    ['*', /must be a specific origin: events are never posted to "\*"/],
    [' * ', /must be a specific origin/],
    ['not a url', /hostOrigin is not a URL/],
    ['javascript:alert(1)', /must be an http\(s\) origin; got the scheme "javascript:"/],
    ['wss://app.example.com', /must be an http\(s\) origin; got the scheme "wss:"/],
    ['ftp://app.example.com', /got the scheme "ftp:"/],
    ['https://app.example.com/reports', /must be an origin only/],
    ['https://app.example.com/?tab=1', /must be an origin only/],
    ['https://app.example.com/#top', /must be an origin only/],
    ['https://admin@app.example.com', /must be an origin only/],
  ])('refuses %j and says why', (hostOrigin, reason) => {
    const { parent } = makeParent();
    expect(() => createTenantBridge({ surface: 'chat', hostOrigin: hostOrigin as string, parent })).toThrow(
      expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(reason) }),
    );
  });

  it('refuses a host origin carrying only a password, as it refuses one with a user name', () => {
    const { parent } = makeParent();
    expect(() => createTenantBridge({ surface: 'chat', hostOrigin: 'https://:secret@app.example.com', parent })).toThrow(
      /must be an origin only/,
    );
  });

  it('accepts a plain http origin, such as a local development server, and posts to it', () => {
    const { parent, posted } = makeParent();
    const { bridge } = bridgeFor(parent, { hostOrigin: 'http://localhost:5173' });
    expect(bridge.hostOrigin).toBe('http://localhost:5173');
    bridge.emit('svc:event:navigate', { path: '/embed/dashboard/sales' });
    expect(posted.mock.calls[0]?.[1]).toBe('http://localhost:5173');
  });
});

describe('createTenantBridge: what it reports and answers', () => {
  it('explains each ignored message in its debug report', () => {
    const { parent } = makeParent();
    const other = makeParent();
    const { reports } = bridgeFor(parent);
    deliver(createActionMessage('svc:action:refresh'), HOST, other.parent);
    deliver(createActionMessage('svc:action:refresh'), 'https://evil.example.com', parent);
    deliver(createActionMessage('svc:action:refresh'), '', parent);
    deliver({ type: 'webpack-ok' }, HOST, parent);
    expect(reports).toStrictEqual([
      { reason: 'wrong-source-window', detail: 'not posted by the parent window', origin: HOST },
      {
        reason: 'wrong-origin',
        detail: 'from https://evil.example.com; expected https://app.example.com',
        origin: 'https://evil.example.com',
      },
      { reason: 'wrong-origin', detail: 'from (no origin); expected https://app.example.com', origin: '' },
      { reason: 'not-an-action', detail: 'not an svc-embed action envelope', origin: HOST },
    ]);
  });

  it('reports a broken envelope without a type key when it names no type', () => {
    const { parent } = makeParent();
    const { reports } = bridgeFor(parent);
    deliver({ source: 'svc-embed', direction: 'action', payload: {}, timestamp: 1 }, HOST, parent);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toStrictEqual({ reason: 'bad-envelope', detail: expect.any(String), origin: HOST });
    expect(reports[0]?.detail).not.toBe('');
  });

  it('only answers envelopes that say they are svc-embed actions', () => {
    const { parent, posted } = makeParent();
    const { reports } = bridgeFor(parent);
    deliver({ source: 'other-widget', direction: 'action', type: 'svc:action:refresh' }, HOST, parent);
    deliver({ source: 'svc-embed', direction: 'reply', type: 'svc:action:refresh' }, HOST, parent);
    const callable = Object.assign(() => {}, { source: 'svc-embed', direction: 'action', type: 'svc:action:refresh' });
    deliver(callable, HOST, parent);
    const unreadable = {
      direction: 'action',
      get source(): string {
        throw new Error('cannot read');
      },
    };
    deliver(unreadable, HOST, parent);
    expect(posted).not.toHaveBeenCalled();
    expect(reports.map((report) => report.reason)).toEqual(['not-an-action', 'not-an-action', 'not-an-action', 'not-an-action']);
  });

  it('names the generic action context when the envelope type is not an action type', () => {
    const { parent, posted } = makeParent();
    bridgeFor(parent);
    deliver({ source: 'svc-embed', direction: 'action', type: 'refresh', payload: {}, timestamp: 1 }, HOST, parent);
    const unreadableType = {
      source: 'svc-embed',
      direction: 'action',
      get type(): string {
        throw new Error('cannot read');
      },
    };
    deliver(unreadableType, HOST, parent);
    const contexts = posted.mock.calls.map(([message]) => (message as { payload: { context: string } }).payload.context);
    expect(contexts).toEqual(['svc:action', 'svc:action']);
  });

  it('cuts a very long action type to 80 characters in the error context', () => {
    const { parent, posted } = makeParent();
    bridgeFor(parent);
    const type = `svc:action:${'x'.repeat(120)}`;
    deliver({ source: 'svc-embed', direction: 'action', type, payload: {}, timestamp: 1 }, HOST, parent);
    expect(posted).toHaveBeenCalledTimes(1);
    const payload = (posted.mock.calls[0] as [{ payload: { context: string } }])[0].payload;
    expect(payload.context).toBe(type.slice(0, 80));
  });

  it('cuts a very long action type to 80 characters also when the rest of the envelope is broken', () => {
    const { parent, posted } = makeParent();
    bridgeFor(parent);
    // No timestamp: the envelope is refused before its type is read, so the context comes from the raw field.
    const type = `svc:action:${'y'.repeat(120)}`;
    deliver({ source: 'svc-embed', direction: 'action', type, payload: {} }, HOST, parent);
    expect(posted).toHaveBeenCalledTimes(1);
    const payload = (posted.mock.calls[0] as [{ payload: { context: string; name: string } }])[0].payload;
    expect(payload).toMatchObject({ context: type.slice(0, 80), name: 'InvalidActionError' });
  });

  it('answers a throwing handler with the error, and reports it', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    bridge.on('svc:action:set-locale', () => {
      throw new RangeError('no such locale table');
    });
    deliver(createActionMessage('svc:action:set-locale', { locale: 'de' }), HOST, parent);
    expect(reports).toStrictEqual([
      { reason: 'handler-error', detail: 'no such locale table', type: 'svc:action:set-locale' },
    ]);
    expect((posted.mock.calls[0] as [{ payload: unknown }])[0].payload).toStrictEqual({
      message: 'svc:action:set-locale failed: no such locale table',
      name: 'RangeError',
      context: 'svc:action:set-locale',
      fatal: false,
    });
  });

  it('names a thrown non-error value "Error" and quotes it', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    bridge.on('svc:action:refresh', () => {
      throw 'not ready';
    });
    deliver(createActionMessage('svc:action:refresh'), HOST, parent);
    expect(reports).toStrictEqual([{ reason: 'handler-error', detail: 'not ready', type: 'svc:action:refresh' }]);
    expect((posted.mock.calls[0] as [{ payload: unknown }])[0].payload).toMatchObject({
      message: 'svc:action:refresh failed: not ready',
      name: 'Error',
    });
  });

  it('hands an action to onAction alone when no typed handler is registered', () => {
    const { parent, posted } = makeParent();
    const onAction = vi.fn();
    const { reports } = bridgeFor(parent, { onAction });
    deliver(createActionMessage('svc:action:refresh'), HOST, parent);
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction.mock.calls[0]?.[0]).toMatchObject({ type: 'svc:action:refresh' });
    expect(posted).not.toHaveBeenCalled();
    expect(reports).toEqual([]);
  });

  it('runs typed handlers without onAction and answers nothing when they succeed', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const handler = vi.fn();
    bridge.on('svc:action:refresh', handler);
    deliver(createActionMessage('svc:action:refresh'), HOST, parent);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(posted).not.toHaveBeenCalled();
    expect(reports).toEqual([]);
  });

  it('says which event was not posted after destroy()', () => {
    const { parent } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    bridge.destroy();
    bridge.emit('svc:event:navigate', { path: '/x' });
    expect(reports).toStrictEqual([
      { reason: 'destroyed', detail: 'svc:event:navigate was not posted: the bridge is destroyed', type: 'svc:event:navigate' },
    ]);
  });

  it('no longer reads messages at all after destroy()', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    bridge.destroy();
    deliver({ type: 'webpack-ok' }, HOST, parent);
    deliver({ source: 'svc-embed', direction: 'action', type: 'svc:action:explode', payload: {}, timestamp: 1 }, HOST, parent);
    expect(reports).toEqual([]);
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('createTenantBridge: a failing debug hook', () => {
  it('passes the hook error to reportError and keeps working', () => {
    const { parent, posted } = makeParent();
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const failure = new Error('debug hook broke');
    const { bridge } = bridgeFor(parent, {
      onDebug: () => {
        throw failure;
      },
    });
    const handler = vi.fn();
    bridge.on('svc:action:refresh', handler);
    deliver({ type: 'webpack-ok' }, HOST, parent);
    deliver(createActionMessage('svc:action:refresh'), HOST, parent);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(failure);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(posted).not.toHaveBeenCalled();
  });

  it('swallows the hook error where reportError does not exist', () => {
    const { parent } = makeParent();
    vi.stubGlobal('reportError', undefined);
    const { bridge } = bridgeFor(parent, {
      onDebug: () => {
        throw new Error('debug hook broke');
      },
    });
    bridge.destroy();
    expect(bridge.emit('svc:event:navigate', { path: '/x' })).toBeNull();
  });

  it('reports nothing without a debug hook', () => {
    const { parent, posted } = makeParent();
    const reportError = vi.fn();
    vi.stubGlobal('reportError', reportError);
    const bridge = createTenantBridge({ surface: 'dashboard', hostOrigin: HOST, parent });
    bridges.push(bridge);
    deliver({ type: 'webpack-ok' }, HOST, parent);
    bridge.destroy();
    expect(bridge.emit('svc:event:navigate', { path: '/x' })).toBeNull();
    expect(reportError).not.toHaveBeenCalled();
    expect(posted).not.toHaveBeenCalled();
  });
});

describe('createTenantBridge: svc:action:set-timezone', () => {
  const envelope = (payload: unknown) => ({ source: 'svc-embed', direction: 'action', type: 'svc:action:set-timezone', payload, timestamp: 1 });

  it('hands the zone to its handler despite fields a newer host adds, and accepts a zone the embed will ignore', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const zones: unknown[] = [];
    bridge.on('svc:action:set-timezone', (payload) => zones.push(payload));
    deliver(envelope({ timezone: 'America/New_York', source: 'viewer-settings' }), HOST, parent);
    // Well-formed but ignored by the platform: the embed decides (it keeps the next source's zone), not the bridge.
    deliver(envelope({ timezone: '+05:30' }), HOST, parent);
    // Actions are read as their schema says (as zod reads them): an unknown field is dropped, not refused.
    expect(zones).toStrictEqual([{ timezone: 'America/New_York' }, { timezone: '+05:30' }]);
    expect(posted).not.toHaveBeenCalled();
    expect(reports).toEqual([]);
  });

  it('answers a malformed zone with a non-fatal error naming the action, and never calls the handler', () => {
    const { parent, posted } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const handler = vi.fn();
    bridge.on('svc:action:set-timezone', handler);
    deliver(envelope({ timezone: 'New York' }), HOST, parent);
    deliver(envelope({ timezone: null }), HOST, parent);
    expect(handler).not.toHaveBeenCalled();
    expect(reports.map((report) => report.reason)).toEqual(['bad-payload', 'bad-payload']);
    expect(posted.mock.calls.map(([message]) => (message as { payload: unknown }).payload)).toEqual([
      expect.objectContaining({ name: 'InvalidActionError', context: 'svc:action:set-timezone', fatal: false, message: expect.stringMatching(/payload\.timezone/) }),
      expect.objectContaining({ name: 'InvalidActionError', context: 'svc:action:set-timezone', fatal: false }),
    ]);
  });

  it('ignores the action from any window but the parent, or from another origin', () => {
    const { parent } = makeParent();
    const { bridge, reports } = bridgeFor(parent);
    const handler = vi.fn();
    bridge.on('svc:action:set-timezone', handler);
    deliver(createActionMessage('svc:action:set-timezone', { timezone: 'Asia/Tokyo' }), 'https://evil.example.com', parent);
    deliver(createActionMessage('svc:action:set-timezone', { timezone: 'Asia/Tokyo' }), HOST, window);
    expect(handler).not.toHaveBeenCalled();
    expect(reports.map((report) => report.reason)).toEqual(['wrong-origin', 'wrong-source-window']);
  });
});
