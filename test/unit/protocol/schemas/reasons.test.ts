import { afterEach, describe, expect, it } from 'vitest';
import { parseActionMessage, parseEventMessage } from '../../../../src/protocol/index.js';
import { inProduction, leaveProduction } from '../../support/inProduction.js';

function event(type: string, payload: unknown, extra: Record<string, unknown> = {}) {
  return { source: 'svc-embed', direction: 'event', type, payload, timestamp: 1_700_000_000_000, surface: 'dashboard', ...extra };
}

function action(type: string, payload: unknown, extra: Record<string, unknown> = {}) {
  return { source: 'svc-embed', direction: 'action', type, payload, timestamp: 1_700_000_000_000, ...extra };
}

/** An object whose every read throws, as a revoked proxy does. */
function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

describe('the reason a refused event gives', () => {
  it.each([
    ['a string', 'hello', 'message: expected an envelope object, got "hello"'],
    ['a wrong source', event('svc:event:navigate', { path: '/' }, { source: 'other' }), 'source: expected "svc-embed", got "other"'],
    ['a wrong direction', event('svc:event:navigate', { path: '/' }, { direction: 'action' }), 'direction: expected "event", got "action"'],
    [
      'an action type',
      event('svc:action:navigate', { path: '/' }),
      'type: expected a string starting with "svc:event:", got "svc:action:navigate"',
    ],
    ['a missing type', event('svc:event:navigate', { path: '/' }, { type: undefined }), 'type: required a string starting with "svc:event:" is missing'],
    ['an array payload', event('svc:event:navigate', []), 'payload: expected object, got an array'],
    [
      'a negative timestamp',
      event('svc:event:navigate', { path: '/' }, { timestamp: -5 }),
      'timestamp: expected a timestamp (epoch milliseconds, not negative), got -5',
    ],
  ])('names the field and the value for %s', (_name, data, reason) => {
    expect(parseEventMessage(data)).toStrictEqual({ ok: false, code: 'bad-envelope', reason });
  });

  it('says an unreadable message could not be read', () => {
    expect(parseEventMessage(revokedProxy())).toStrictEqual({ ok: false, code: 'bad-envelope', reason: 'the message could not be read' });
  });

  it('names a wrong string and a wrong boolean field by the type expected', () => {
    expect(parseEventMessage(event('svc:event:navigate', { path: 7 }))).toStrictEqual({
      ok: false,
      code: 'bad-payload',
      type: 'svc:event:navigate',
      reason: 'svc:event:navigate: payload.path: expected string, got 7',
    });
    expect(parseEventMessage(event('svc:event:error', { message: 'boom', fatal: 'yes' }))).toStrictEqual({
      ok: false,
      code: 'bad-payload',
      type: 'svc:event:error',
      reason: 'svc:event:error: payload.fatal: expected boolean, got "yes"',
    });
  });

  it('lists up to three problems, and counts the rest', () => {
    const three = parseEventMessage(event('svc:event:view', { surface: 'dashboard', path: 1, publicId: 2, title: 3 }));
    expect(three).toMatchObject({
      reason:
        'svc:event:view: payload.path: expected string, got 1; payload.publicId: expected string, got 2; payload.title: expected string, got 3',
    });
    const four = parseEventMessage(event('svc:event:view', { surface: 'tv', path: 1, publicId: 2, title: 3 }));
    expect(four).toMatchObject({
      reason:
        'svc:event:view: payload.surface: expected "dashboard" or "app" or "chat", got "tv"; payload.path: expected string, got 1; payload.publicId: expected string, got 2 (and 1 more)',
    });
    const five = parseEventMessage(event('svc:event:download', { format: 1, target: 2, widgetId: 3, title: 4, rowCount: '5' }));
    expect(five).toMatchObject({
      reason: expect.stringMatching(/; payload\.widgetId: expected string, got 3 \(and 2 more\)$/),
    });
  });

  it('clips the type it reports to 80 characters', () => {
    const type = `svc:event:${'x'.repeat(100)}`;
    const result = parseEventMessage(event(type, {}));
    expect(result).toMatchObject({ ok: false, code: 'unknown-type', type: type.slice(0, 80) });
    expect(result.ok ? '' : result.type).toHaveLength(80);
  });
});

describe('the reason a refused action gives', () => {
  it('refuses a surface on an action, in words', () => {
    expect(parseActionMessage(action('svc:action:refresh', {}, { surface: 'dashboard' }))).toStrictEqual({
      ok: false,
      code: 'bad-envelope',
      reason: 'surface: actions never carry a surface',
    });
  });

  it('names null as the message it could not use', () => {
    expect(parseActionMessage(null)).toStrictEqual({ ok: false, code: 'bad-envelope', reason: 'message: expected an envelope object, got null' });
  });

  it('says an unreadable message could not be read', () => {
    expect(parseActionMessage(revokedProxy())).toStrictEqual({ ok: false, code: 'bad-envelope', reason: 'the message could not be read' });
  });

  it('shows, in development, what a valid path and a valid filter look like', () => {
    const path = parseActionMessage(action('svc:action:navigate', { path: 'https://evil.example/' }));
    expect(path).toMatchObject({ ok: false, code: 'bad-payload' });
    expect(path.ok || path.reason).toContain('an in-embed path starting with "/", such as "/embed/d/42/app/workbook/130"');
    const filter = parseActionMessage(action('svc:action:set-filter', { filterUrlParameter: 'status=1' }));
    expect(filter).toMatchObject({ ok: false, code: 'bad-payload' });
    expect(filter.ok || filter.reason).toContain('"f_<semantic_view>.<dimension>=<JSON>", for example f_orders.status={"value":"completed"}');
  });

  it('keeps exactly the fields of a valid payload, and nothing else', () => {
    expect(parseActionMessage(action('svc:action:set-color-scheme', { scheme: 'dark', extra: 1 }))).toStrictEqual({
      ok: true,
      message: action('svc:action:set-color-scheme', { scheme: 'dark' }),
    });
    expect(parseActionMessage(action('svc:action:navigate', { path: '/a' }))).toStrictEqual({
      ok: true,
      message: action('svc:action:navigate', { path: '/a' }),
    });
  });
});

describe('production texts', () => {
  afterEach(leaveProduction);

  const productionParsers = () => inProduction(() => import('../../../../src/protocol/index.js'));

  it('stay short: they name the field (the reason code says what kind of problem), not the expected form', async () => {
    const parsers = await productionParsers();
    expect(parsers.parseEventMessage('hello')).toMatchObject({ code: 'bad-envelope', reason: 'message' });
    expect(parsers.parseEventMessage(event('svc:action:navigate', { path: '/' }))).toMatchObject({ code: 'bad-envelope', reason: 'type' });
    expect(parsers.parseEventMessage(event('svc:event:navigate', { path: '/' }, { timestamp: -5 }))).toMatchObject({
      code: 'bad-envelope',
      reason: 'timestamp',
    });
    expect(parsers.parseEventMessage(event('svc:event:ready', { embedTenant: null, deploymentId: null, mode: 'x', surface: 'dashboard' }))).toMatchObject({
      code: 'bad-payload',
      reason: 'svc:event:ready: payload.mode',
    });
    // The refusal carries the type itself, beside the field its reason names.
    expect(parsers.parseEventMessage(event('svc:event:teleport', {}))).toMatchObject({ code: 'unknown-type', reason: 'type', type: 'svc:event:teleport' });
    expect(parsers.parseActionMessage(action('svc:action:refresh', {}, { surface: 'dashboard' }))).toStrictEqual({
      ok: false,
      code: 'bad-envelope',
      reason: 'surface',
    });
    expect(parsers.parseEventMessage(event('svc:event:view', { surface: 'tv', path: 1, publicId: 2, title: 3 }))).toMatchObject({
      code: 'bad-payload',
      reason: 'svc:event:view: payload.surface; payload.path; payload.publicId',
    });
    expect(parsers.parseEventMessage(event('svc:event:view', { surface: 'chat', path: '/' }))).toMatchObject({
      code: 'bad-payload',
      reason: 'svc:event:view: payload.surface',
    });
  });

  it('say an unreadable message is unreadable, for events and actions alike', async () => {
    const parsers = await productionParsers();
    expect(parsers.parseEventMessage(revokedProxy())).toStrictEqual({ ok: false, code: 'bad-envelope', reason: 'unreadable message' });
    expect(parsers.parseActionMessage(revokedProxy())).toStrictEqual({ ok: false, code: 'bad-envelope', reason: 'unreadable message' });
  });
});
