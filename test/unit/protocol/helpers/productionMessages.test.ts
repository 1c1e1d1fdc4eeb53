import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionType, EmbedDebugReport } from '../../../../src/protocol/index.js';
import { prodError } from '../../support/errorTexts.js';
import { addFrame, deliver, eventEnvelope, TENANT } from '../../support/frames.js';
import { inProduction, leaveProduction } from '../../support/inProduction.js';

type Protocol = typeof import('../../../../src/protocol/index.js');

// A production build keeps a short text for every refusal. The protocol is imported afresh with
// NODE_ENV=production, the way such a build evaluates it.
let protocol: Protocol;

beforeAll(async () => {
  protocol = await inProduction(() => import('../../../../src/protocol/index.js'));
});

afterAll(leaveProduction);

describe('in production, buildEmbedUrl refuses with its code and the option it refuses', () => {
  it.each([
    [{ surface: 'dashboard' }, 'SVC110', 'publicId'],
    [{ surface: 'dashboard', publicId: '..' }, 'SVC111', 'publicId'],
    [{ surface: 'app', deploymentId: 0, session: 's' }, 'SVC112', 'deploymentId'],
    [{ surface: 'app', deploymentId: 42 }, 'SVC113', 'session'],
    [{ surface: 'widget' }, 'SVC114', 'surface'],
    [{ surface: 'chat', session: ' ' }, 'SVC115', 'session'],
    [{ surface: 'chat', allowExport: true }, 'SVC116', 'allowExport'],
    [{ surface: 'chat', filters: {} }, 'SVC116', 'filters'],
    [{ surface: 'chat', locale: 'xx_!' }, 'SVC117', 'locale'],
    [{ surface: 'dashboard', publicId: 's', filters: { status: null } }, 'SVC130', 'filters'],
    [{ surface: 'chat', params: { embedToken: 't' } }, 'SVC118', 'params.embedToken'],
    [{ surface: 'chat', params: { 'bad name': 1 } }, 'SVC119', 'params'],
    [{ surface: 'chat', params: { extra: [] } }, 'SVC120', 'params.extra'],
  ])('for %j: %s', (options, code, option) => {
    const refuse = () => protocol.buildEmbedUrl({ tenantOrigin: TENANT, ...options } as never);
    // No development link is left; the code is on the error as well as in its text.
    expect(refuse).toThrow(Object.assign(new TypeError(`${code} ${option}`), { code }));
  });

  it('still builds a valid address', () => {
    expect(protocol.buildEmbedUrl({ surface: 'chat', tenantOrigin: TENANT, session: 's', locale: 'de' })).toBe(`${TENANT}/embed/chat?sessionId=s&locale=de`);
  });
});

describe('in production, a tenant origin is refused with the code of the rule it breaks', () => {
  it.each([
    ['', 'SVC101'],
    ['acme.example.com', 'SVC102'],
    ['http://acme.example.com', 'SVC103'],
    ['https://admin:hunter2@acme.example.com', 'SVC104'],
    ['https://acme.example.com/embed', 'SVC104'],
  ])('%j: %s', (origin, code) => {
    expect(() => protocol.normalizeTenantOrigin(origin)).toThrow(Object.assign(new TypeError(`${code} tenantOrigin`), { code }));
  });
});

describe('in production, filters are refused with a code and the part at fault', () => {
  it('when encoding', () => {
    expect(() => protocol.encodeFilterParameter('status', null)).toThrow(prodError(130, 'filter key'));
    expect(() => protocol.encodeFilterParameter('a.b', undefined as never)).toThrow(prodError(131, 'filter value'));
    // A value JSON.stringify throws on gets the same short message, without the development detail.
    expect(() => protocol.encodeFilterParameter('a.b', 10n as never)).toThrow(prodError(131, 'filter value'));
  });

  it.each([
    [42, 'SVC132', 'filter parameter'],
    ['orders.status=1', 'SVC132', 'filter parameter'],
    ['f_status=1', 'SVC130', 'filter key'],
    ['f_orders.status={oops}', 'SVC133', 'filter value'],
  ])('when parsing %j', (input, code, part) => {
    expect(protocol.parseFilterParameter(input)).toEqual({ ok: false, reason: `${code} ${part}`, code });
  });
});

describe('in production, actions are refused with a code and the field at fault', () => {
  it.each([
    ['svc:action:navigate', { path: 'x' }, 'payload.path'],
    ['svc:action:set-locale', { locale: 'xx_!' }, 'payload.locale'],
    ['svc:action:set-filter', { filterUrlParameter: 'status=1' }, 'payload.filterUrlParameter'],
  ])('%s with %j', (type, payload, reason) => {
    expect(() => protocol.createActionMessage(type as ActionType, payload as never)).toThrow(prodError(141, `${type} ${reason}`));
  });

  it('for an unknown type, naming the field without describing the value or listing the known ones', () => {
    expect(() => protocol.createActionMessage('svc:action:explode' as 'svc:action:refresh')).toThrow(prodError(140, 'type'));
  });
});

describe('in production, a debug report names what was dropped, and its reason says why', () => {
  it('for actions: the action type', () => {
    const reports: EmbedDebugReport[] = [];
    const bridge = protocol.createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, maxQueuedActions: 1, onDebug: (report) => reports.push(report) });
    bridge.send('svc:action:refresh');
    bridge.send('svc:action:navigate', { path: '/orders' });
    expect(reports.map(({ reason, detail }) => ({ reason, detail }))).toEqual([{ reason: 'queue-overflow', detail: 'svc:action:refresh' }]);
    // Sent after ready to an embed without a window: not connected.
    const win = addFrame().contentWindow as Window;
    bridge.connect(() => win);
    deliver(eventEnvelope('svc:event:ready', { embedTenant: null, deploymentId: null, mode: 'signed', surface: 'dashboard' }), TENANT, win);
    bridge.connect(() => null);
    bridge.send('svc:action:refresh');
    expect(reports.slice(1).map(({ reason, detail }) => ({ reason, detail }))).toEqual([{ reason: 'not-connected', detail: 'svc:action:refresh' }]);
    bridge.destroy();
  });

  it('for messages from elsewhere: the origin they came from', () => {
    const reports: EmbedDebugReport[] = [];
    const bridge = protocol.createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, onDebug: (report) => reports.push(report) });
    const win = addFrame().contentWindow as Window;
    bridge.connect(() => win);
    const data = eventEnvelope('svc:event:navigate', { path: '/' });
    deliver(data, 'https://evil.example.com', win);
    deliver(data, '', win);
    deliver(data, TENANT, addFrame().contentWindow);
    expect(reports.map(({ reason, detail }) => ({ reason, detail }))).toEqual([
      { reason: 'wrong-origin', detail: 'https://evil.example.com' },
      { reason: 'wrong-origin', detail: '(no origin)' },
      { reason: 'wrong-source-window', detail: TENANT },
    ]);
    bridge.destroy();
  });
});
