import { describe, expect, it } from 'vitest';
import { buildEmbedUrl, normalizeTenantOrigin, parseFilterParameter } from '../../../../src/protocol/index.js';

const T = 'https://acme.example.com';

describe('buildEmbedUrl', () => {
  it('builds the address of each surface', () => {
    expect(buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 'sales-q3' })).toBe(`${T}/embed/dashboard/sales-q3`);
    expect(buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 'sales', session: 'abc' })).toBe(`${T}/embed/dashboard/sales?session=abc`);
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T })).toBe(`${T}/embed/chat`);
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, session: 'abc' })).toBe(`${T}/embed/chat?sessionId=abc`);
    expect(buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: 42, session: 'abc' })).toBe(`${T}/embed/d/42/app?session=abc`);
    expect(buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: '42', session: 'abc' })).toBe(`${T}/embed/d/42/app?session=abc`);
  });

  it('requires a session for the signed-only app', () => {
    expect(() => buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: 42 })).toThrow(/session is required.*signed-only/);
  });

  it.each(['', '.', '..', '../admin', 'a/b', 'a\\b', 'javascript:alert(1)', '%2e%2e', 'a b', 'sales?x=1', 'sales#x', 'ünïcode'])(
    'refuses the unsafe public id %j',
    (publicId) => {
      expect(() => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId })).toThrow(/publicId/);
    },
  );

  it.each([0, -1, 1.5, 'abc', '42/../1', '', undefined])('refuses the deployment id %j', (deploymentId) => {
    expect(() => buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: deploymentId as number, session: 's' })).toThrow(/deploymentId/);
  });

  it('percent-encodes filters (never "+") so they decode back to the same parameter', () => {
    const url = buildEmbedUrl({
      surface: 'dashboard',
      tenantOrigin: T,
      publicId: 'sales',
      filters: { 'orders.status': { value: 'on hold' }, 'orders.region': { value: ['EU', 'US'] }, 'orders.note': { value: 'a&b=c"d' } },
    });
    expect(url).toContain('f_orders.status=%7B%22value%22%3A%22on%20hold%22%7D');
    expect(url).not.toContain('+');
    const params = new URL(url).searchParams;
    for (const [name, value] of params) {
      const parsed = parseFilterParameter(`${name}=${value}`);
      expect(parsed.ok).toBe(true);
    }
    expect(params.get('f_orders.note')).toBe('{"value":"a&b=c\\"d"}');
  });

  it('adds allowExport=true only when asked, and only on dashboards', () => {
    expect(buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', allowExport: true })).toBe(`${T}/embed/dashboard/s?allowExport=true`);
    expect(buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', allowExport: false })).toBe(`${T}/embed/dashboard/s`);
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, allowExport: true })).toThrow(/dashboard surface only/);
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, filters: {} })).toThrow(/dashboard surface only/);
  });

  it('passes typed and extra parameters, but never lets them replace the session, filters, locale or allowExport', () => {
    const url = buildEmbedUrl({ surface: 'chat', tenantOrigin: T, session: 's', params: { showNewChat: false, showChatHistory: false, campaign: 'q3' } });
    expect(url).toBe(`${T}/embed/chat?sessionId=s&showNewChat=false&showChatHistory=false&campaign=q3`);
    for (const name of ['session', 'sessionId', 'locale', 'allowExport', 'f_orders.status']) {
      expect(() => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 'x', session: 's', params: { [name]: 'evil' } })).toThrow(/reserved/);
    }
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, params: { 'bad name': 1 } })).toThrow(/not a valid parameter name/);
  });

  it('refuses identity and reserved parameters in params, in any letter case, even without a session', () => {
    const names = ['embedToken', 'EMBEDTOKEN', 'embedtoken', 'Session', 'SESSIONID', 'sessionid', 'token', 'Access_Token', 'jwt', 'Locale', 'ALLOWEXPORT', 'F_orders.status'];
    for (const name of names) {
      for (const surface of ['dashboard', 'chat'] as const) {
        expect(() => buildEmbedUrl({ surface, tenantOrigin: T, publicId: 'x', params: { [name]: 'someone-elses-token' } }), name).toThrow(
          `params.${name} is reserved`,
        );
      }
    }
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, params: { embedToken: 't' } })).toThrow(/identity comes only from the session option/);
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, params: { LOCALE: 'de' } })).toThrow(/use the locale option/);
    // Names that only contain a reserved word are not reserved.
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, params: { sessionLabel: 'a', tokenizer: 'b' } })).toBe(`${T}/embed/chat?sessionLabel=a&tokenizer=b`);
  });

  it('validates the locale', () => {
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, locale: 'pt-BR' })).toBe(`${T}/embed/chat?locale=pt-BR`);
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, locale: 'xx_YY!' })).toThrow(/locale/);
  });
});

describe('tenant origins', () => {
  it.each([
    ['https://acme.example.com', 'https://acme.example.com'],
    ['https://Acme.Example.com:443/', 'https://acme.example.com'],
    ['https://acme.example.com:8443', 'https://acme.example.com:8443'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://127.0.0.1:9000/', 'http://127.0.0.1:9000'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
  ])('accepts %s as %s', (input, output) => {
    expect(normalizeTenantOrigin(input)).toBe(output);
  });

  it.each([
    ['http://acme.example.com', /https/],
    ['ftp://acme.example.com', /https/],
    ['javascript:alert(1)', /https/],
    ['https://acme.example.com/embed', /origin only/],
    ['https://acme.example.com?x=1', /origin only/],
    ['https://acme.example.com/#x', /origin only/],
    ['acme.example.com', /not a URL/],
    ['', /required/],
  ])('refuses %s', (input, message) => {
    expect(() => normalizeTenantOrigin(input)).toThrow(message);
  });

  it.each(['https://admin:hunter2@acme.example.com/', 'https://admin:hunter2@acme.example.com/path', 'https://:hunter2@acme.example.com'])(
    'refuses %s, naming credentials without echoing them',
    (input) => {
      const message = thrownMessage(() => normalizeTenantOrigin(input));
      expect(message).toMatch(/credentials/);
      expect(message).not.toContain('hunter2');
    },
  );
});

/** The message of the error `call` throws; fails the test when it does not throw. */
function thrownMessage(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected the call to throw');
}

describe('a tenant origin that is not a URL', () => {
  it('is echoed with anything like credentials masked', () => {
    expect(() => normalizeTenantOrigin('//admin:hunter2@acme.example.com')).toThrow(/"\/\/\*\*\*@acme\.example\.com" is not a URL/);
  });
});
