import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActionType } from '../../../../src/protocol/index.js';

type Protocol = typeof import('../../../../src/protocol/index.js');

// A production build keeps a short text for every refusal. The protocol is imported afresh with
// NODE_ENV=production, the way such a build evaluates it.
let protocol: Protocol;

beforeAll(async () => {
  vi.stubEnv('NODE_ENV', 'production');
  vi.resetModules();
  protocol = await import('../../../../src/protocol/index.js');
});

afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const T = 'https://acme.example.com';

describe('in production, buildEmbedUrl refuses with a short message', () => {
  it.each([
    [{ surface: 'dashboard' }, 'publicId is required.'],
    [{ surface: 'dashboard', publicId: '..' }, 'invalid publicId.'],
    [{ surface: 'app', deploymentId: 0, session: 's' }, 'invalid deploymentId.'],
    [{ surface: 'app', deploymentId: 42 }, 'app needs a session.'],
    [{ surface: 'widget' }, 'invalid surface.'],
    [{ surface: 'chat', session: ' ' }, 'invalid session.'],
    [{ surface: 'chat', allowExport: true }, 'allowExport is for dashboards only.'],
    [{ surface: 'chat', filters: {} }, 'filters is for dashboards only.'],
    [{ surface: 'chat', locale: 'xx_!' }, 'invalid locale.'],
    [{ surface: 'dashboard', publicId: 's', filters: { status: null } }, 'invalid filter key.'],
    [{ surface: 'chat', params: { embedToken: 't' } }, 'params.embedToken is reserved.'],
    [{ surface: 'chat', params: { 'bad name': 1 } }, 'invalid parameter name.'],
    [{ surface: 'chat', params: { extra: [] } }, 'invalid params.extra.'],
  ])('for %j', (options, message) => {
    expect(() => protocol.buildEmbedUrl({ tenantOrigin: T, ...options } as never)).toThrow(new TypeError(message));
  });

  it('still builds a valid address', () => {
    expect(protocol.buildEmbedUrl({ surface: 'chat', tenantOrigin: T, session: 's', locale: 'de' })).toBe(`${T}/embed/chat?sessionId=s&locale=de`);
  });
});

describe('in production, a tenant origin is refused with a short message', () => {
  it.each([
    ['', 'required'],
    ['acme.example.com', 'not a URL'],
    ['http://acme.example.com', 'not https'],
    ['https://admin:hunter2@acme.example.com', 'has credentials'],
    ['https://acme.example.com/embed', 'not an origin only'],
  ])('%j: %s', (origin, message) => {
    expect(() => protocol.normalizeTenantOrigin(origin)).toThrow(new TypeError(`tenantOrigin: ${message}`));
  });
});

describe('in production, filters are refused with a short message', () => {
  it('when encoding', () => {
    expect(() => protocol.encodeFilterParameter('status', null)).toThrow(new TypeError('invalid filter key'));
    expect(() => protocol.encodeFilterParameter('a.b', undefined as never)).toThrow(new TypeError('filter value is not JSON'));
    // A value JSON.stringify throws on gets the same short message, without the development detail.
    expect(() => protocol.encodeFilterParameter('a.b', 10n as never)).toThrow(new TypeError('filter value is not JSON'));
  });

  it.each([
    [42, 'not a string'],
    ['orders.status=1', 'not a filter parameter'],
    ['f_status=1', 'bad filter key'],
    ['f_orders.status={oops}', 'value is not JSON'],
  ])('when parsing %j', (input, reason) => {
    expect(protocol.parseFilterParameter(input)).toEqual({ ok: false, reason });
  });
});

describe('in production, actions are refused with a short message', () => {
  it.each([
    ['svc:action:navigate', { path: 'x' }, 'payload.path'],
    ['svc:action:set-locale', { locale: 'xx_!' }, 'payload.locale'],
    ['svc:action:set-filter', { filterUrlParameter: 'status=1' }, 'payload.filterUrlParameter'],
  ])('%s with %j', (type, payload, reason) => {
    expect(() => protocol.createActionMessage(type as ActionType, payload as never)).toThrow(new TypeError(`Invalid ${type} payload: ${reason}.`));
  });

  it('for an unknown type, without listing the known ones', () => {
    expect(() => protocol.createActionMessage('svc:action:explode' as 'svc:action:refresh')).toThrow(new TypeError('Unknown action type "svc:action:explode".'));
  });
});
