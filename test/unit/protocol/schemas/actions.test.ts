import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPES,
  type ActionMap,
  type ActionType,
  createActionMessage,
  createActionQueue,
  parseActionMessage,
} from '../../../../src/protocol/index.js';
import { devError } from '../../support/errorTexts.js';

const valid: { [K in ActionType]: ActionMap[K][] } = {
  'svc:action:set-color-scheme': [{ scheme: 'light' }, { scheme: 'dark' }, { scheme: 'auto' }],
  'svc:action:set-theme': [
    {},
    { primaryColor: '#0b5fff', font: 'Inter', borderRadius: 8 },
    { borderRadius: '4px', analyticsChat: { backgroundColor: '#fff', chatInput: { borderColor: '#ccc' } }, chat: { inputColor: '#eee' } },
    { primaryColor: '#000', futureField: { nested: true } },
  ],
  'svc:action:set-locale': [{ locale: 'en-US' }, { locale: 'de' }, { locale: 'es-AR' }, { locale: 'zh-Hant-TW' }],
  // Well-formed is enough on the wire: the embed ignores a bare offset or an unknown zone itself.
  'svc:action:set-timezone': [{ timezone: 'America/New_York' }, { timezone: 'Etc/GMT+5' }, { timezone: 'UTC' }, { timezone: '+05:30' }],
  'svc:action:set-filter': [
    { filterUrlParameter: 'f_orders.status={"value":"completed"}' },
    { filterUrlParameter: 'f_orders.region={"value":["EU","US"]}' },
    { filterUrlParameter: 'f_orders.status=null' },
  ],
  'svc:action:navigate': [{ path: '/embed/d/42/app/workbook/130' }, { path: '/' }],
  'svc:action:refresh': [{}],
  'svc:action:set-session': [{ sessionId: 'ses_4f2a' }],
};

describe('every action of the spec', () => {
  it('covers the whole table', () => {
    expect(Object.keys(valid).sort()).toEqual([...ACTION_TYPES].sort());
  });

  for (const [type, payloads] of Object.entries(valid) as [ActionType, never[]][]) {
    it(`builds ${type} as a valid action envelope without surface, and reads it back`, () => {
      for (const payload of payloads) {
        const message = createActionMessage(type, payload);
        expect(message).toEqual({ source: 'svc-embed', direction: 'action', type, payload, timestamp: expect.any(Number) });
        expect(Object.hasOwn(message, 'surface')).toBe(false);
        expect(Math.abs(message.timestamp - Date.now())).toBeLessThan(60_000);
        // Through structured clone, the way postMessage delivers it.
        expect(parseActionMessage(structuredClone(message))).toEqual({ ok: true, message });
      }
    });
  }

  it('sends refresh as {}, and reads a refresh with no payload or an empty one', () => {
    expect(createActionMessage('svc:action:refresh').payload).toEqual({});
    const bare = { source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', timestamp: 1 };
    const expected = { ok: true, message: { ...bare, payload: {} } };
    expect(parseActionMessage(bare)).toEqual(expected);
    expect(parseActionMessage({ ...bare, payload: undefined })).toEqual(expected);
    expect(parseActionMessage({ ...bare, payload: {} })).toEqual(expected);
    // Only refresh carries nothing: another action without a payload is still refused.
    expect(parseActionMessage({ ...bare, type: 'svc:action:navigate' })).toMatchObject({ ok: false, code: 'bad-envelope' });
    expect(parseActionMessage({ ...bare, payload: null })).toMatchObject({ ok: false, code: 'bad-envelope' });
  });

  it.each([
    ['svc:action:set-color-scheme', { scheme: 'sepia' }, /set-color-scheme.*payload\.scheme/],
    ['svc:action:set-color-scheme', {}, /payload\.scheme.*missing/],
    ['svc:action:set-locale', { locale: 'not a tag' }, /set-locale.*payload\.locale.*BCP 47/],
    ['svc:action:set-locale', { locale: 42 }, /payload\.locale/],
    ['svc:action:set-timezone', { timezone: 'New York' }, /set-timezone.*payload\.timezone.*IANA/],
    ['svc:action:set-timezone', { timezone: '' }, /payload\.timezone/],
    ['svc:action:set-timezone', { zone: 'UTC' }, /payload\.timezone.*missing/],
    ['svc:action:set-filter', { filterUrlParameter: 'orders.status={"value":1}' }, /payload\.filterUrlParameter/],
    ['svc:action:set-filter', { filterUrlParameter: 'f_status={"value":1}' }, /payload\.filterUrlParameter/],
    ['svc:action:set-filter', { filterUrlParameter: 'f_orders.status={value:1}' }, /payload\.filterUrlParameter/],
    ['svc:action:navigate', { path: 'https://evil.example.com/' }, /payload\.path/],
    ['svc:action:navigate', { path: '//evil.example.com' }, /payload\.path/],
    ['svc:action:navigate', { path: 'javascript:alert(1)' }, /payload\.path/],
    ['svc:action:set-theme', { primaryColor: 5 }, /payload\.primaryColor/],
    ['svc:action:set-theme', { chat: { inputColor: false } }, /payload\.chat\.inputColor/],
  ])('refuses %s with a bad payload (%j), naming the field', (type, payload, message) => {
    expect(() => createActionMessage(type as ActionType, payload as never)).toThrow(TypeError);
    expect(() => createActionMessage(type as ActionType, payload as never)).toThrow(message);
    const envelope = { source: 'svc-embed', direction: 'action', type, payload, timestamp: 1 };
    expect(parseActionMessage(envelope)).toMatchObject({ ok: false, code: 'bad-payload' });
  });

  it('refuses an unknown action type', () => {
    expect(() => createActionMessage('svc:action:explode' as ActionType)).toThrow(/Unknown action type "svc:action:explode"/);
    expect(parseActionMessage({ source: 'svc-embed', direction: 'action', type: 'svc:action:explode', payload: {}, timestamp: 1 })).toMatchObject({
      ok: false,
      code: 'unknown-type',
    });
  });
});

describe('the action envelope', () => {
  const ok = { source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', payload: {}, timestamp: 1 };
  it.each([
    ['a surface', { ...ok, surface: 'dashboard' }],
    ['a surface set to undefined', { ...ok, surface: undefined }],
    ['a wrong source', { ...ok, source: 'x' }],
    ['the event direction', { ...ok, direction: 'event' }],
    ['an event type', { ...ok, type: 'svc:event:ready' }],
    ['no timestamp', { source: 'svc-embed', direction: 'action', type: 'svc:action:refresh', payload: {} }],
  ])('is refused with %s', (_name, data) => {
    expect(parseActionMessage(data)).toMatchObject({ ok: false, code: 'bad-envelope' });
  });
});

describe('action refusals, with their full development messages', () => {
  it.each([
    ['svc:action:navigate', { path: 'x' }, 'payload.path: expected an in-embed path starting with "/", such as "/embed/d/42/app/workbook/130", got "x"'],
    [
      'svc:action:set-filter',
      { filterUrlParameter: 'status=1' },
      'payload.filterUrlParameter: expected "f_<semantic_view>.<dimension>=<JSON>", for example f_orders.status={"value":"completed"}, got "status=1"',
    ],
    ['svc:action:set-locale', { locale: 'xx_!' }, 'payload.locale: expected a BCP 47 language tag such as "en-US" or "de", got "xx_!"'],
    ['svc:action:set-timezone', { timezone: 'Europe Berlin' }, 'payload.timezone: expected an IANA time zone name such as "America/New_York", got "Europe Berlin"'],
    ['svc:action:set-theme', { borderRadius: true }, 'payload.borderRadius: expected string or number, got true'],
    ['svc:action:set-theme', { analyticsChat: { chatInput: { borderColor: 42 } } }, 'payload.analyticsChat.chatInput.borderColor: expected string, got 42'],
  ])('refuses %s with %j', (type, payload, reason) => {
    expect(() => createActionMessage(type as ActionType, payload as never)).toThrow(devError(141, `Invalid ${type} payload: ${reason}.`));
  });

  it('refuses a type that only reads as a known one, listing the known types', () => {
    const known =
      'svc:action:set-color-scheme, svc:action:set-theme, svc:action:set-locale, svc:action:set-timezone, svc:action:set-filter, svc:action:navigate, svc:action:refresh, svc:action:set-session';
    expect(() => createActionMessage(['svc:action:refresh'] as unknown as 'svc:action:refresh')).toThrow(
      devError(140, `Unknown action type an array; expected one of ${known}.`),
    );
    expect(() => createActionMessage({ toString: () => 'svc:action:refresh' } as unknown as 'svc:action:refresh')).toThrow(
      devError(140, `Unknown action type an object; expected one of ${known}.`),
    );
  });
});

describe('actions queued before ready', () => {
  it('keep only the latest colour scheme, theme, locale and value per filter, but every navigate and refresh', () => {
    const queue = createActionQueue(20);
    const sent = [
      createActionMessage('svc:action:set-theme', { primaryColor: '#000' }),
      createActionMessage('svc:action:set-locale', { locale: 'de' }),
      createActionMessage('svc:action:set-color-scheme', { scheme: 'dark' }),
      createActionMessage('svc:action:set-filter', { filterUrlParameter: 'f_orders.status=null' }),
      createActionMessage('svc:action:navigate', { path: '/a' }),
      createActionMessage('svc:action:refresh'),
      createActionMessage('svc:action:navigate', { path: '/a' }),
      createActionMessage('svc:action:refresh'),
      createActionMessage('svc:action:set-theme', { primaryColor: '#fff' }),
      createActionMessage('svc:action:set-locale', { locale: 'fr' }),
      createActionMessage('svc:action:set-color-scheme', { scheme: 'light' }),
      createActionMessage('svc:action:set-filter', { filterUrlParameter: 'f_orders.status={"value":1}' }),
    ];
    for (const message of sent) queue.push(message);
    expect(queue.drain()).toEqual([...sent.slice(4, 8), ...sent.slice(8)]);
  });
});
