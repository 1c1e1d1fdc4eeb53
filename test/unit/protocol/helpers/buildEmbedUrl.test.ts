import { describe, expect, it, vi } from 'vitest';
import { buildEmbedUrl, normalizeTenantOrigin, parseFilterParameter } from '../../../../src/protocol/index.js';
import { devError } from '../../support/errorTexts.js';
import { TENANT as T } from '../../support/frames.js';

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
    // A JavaScript caller (or a cast) still gets the refusal the types give a TypeScript one.
    // @ts-expect-error allowExport is a dashboard option
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, allowExport: true })).toThrow(/dashboard surface only/);
    // @ts-expect-error filters are a dashboard option
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

  it('writes each placement switch as the exact literal the platform reads, and nothing for a default', () => {
    const dashboard = buildEmbedUrl({
      surface: 'dashboard',
      tenantOrigin: T,
      publicId: 's',
      showDashboardHeader: true,
      showDashboardTitle: false,
      showDashboardBackButton: false,
      showDashboardEditButton: false,
      showDashboardDuplicateButton: false,
      showDashboardExportMenu: false,
      allowExport: true,
    });
    expect(dashboard).toBe(
      `${T}/embed/dashboard/s?allowExport=true&showDashboardTitle=false&showDashboardBackButton=false&showDashboardEditButton=false&showDashboardDuplicateButton=false&showDashboardExportMenu=false`,
    );
    expect(buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', showDashboardHeader: false })).toBe(`${T}/embed/dashboard/s?showDashboardHeader=false`);
    expect(buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: 7, session: 'x', showWorkbookBackButton: false })).toBe(
      `${T}/embed/d/7/app?session=x&showWorkbookBackButton=false`,
    );
    expect(buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: 7, session: 'x', showWorkbookBackButton: true })).toBe(`${T}/embed/d/7/app?session=x`);
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showNewChat: false, showChatInput: false, showChatHistory: false })).toBe(
      `${T}/embed/chat?showNewChat=false&showChatInput=false&showChatHistory=false`,
    );
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showNewChat: true, showChatInput: undefined })).toBe(`${T}/embed/chat`);
  });

  it('refuses a switch of another surface or a switch that is not a boolean, with a code', () => {
    // @ts-expect-error showNewChat is a chat switch
    expect(() => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', showNewChat: false })).toThrow(
      devError(116, 'showNewChat applies to the chat surface only.'),
    );
    // @ts-expect-error showDashboardBackButton is a dashboard switch
    expect(() => buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: 7, session: 'x', showDashboardBackButton: false })).toThrow(
      devError(116, 'showDashboardBackButton applies to the dashboard surface only.'),
    );
    // @ts-expect-error showWorkbookBackButton is the app's switch
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showWorkbookBackButton: false })).toThrow(/SVC116/);
    // @ts-expect-error the platform reads only the literal "false": a string "false" is a slip the builder refuses
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showChatInput: 'false' })).toThrow(
      devError(120, 'showChatInput must be true or false, got "false".'),
    );
  });

  it('lets a typed switch win over the same name in params, and keeps params as the escape hatch', () => {
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, showNewChat: false, params: { showNewChat: 'no', campaign: 'q3' } })).toBe(
      `${T}/embed/chat?showNewChat=false&campaign=q3`,
    );
    expect(buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', params: { showDashboardNewThing: false } })).toBe(
      `${T}/embed/dashboard/s?showDashboardNewThing=false`,
    );
  });

  it('puts the time zone in the address, refuses a malformed one and warns once on one the platform ignores', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, locale: 'de', timezone: 'America/New_York' })).toBe(
        `${T}/embed/chat?locale=de&timezone=America%2FNew_York`,
      );
      expect(warn).not.toHaveBeenCalled();
      for (const timezone of ['', 'New York', 'Europe/Berlin; x', 42]) {
        expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, timezone: timezone as string }), String(timezone)).toThrow(/^SVC121 timezone /);
      }
      expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, timezone: '+05:30' })).toBe(`${T}/embed/chat?timezone=%2B05%3A30`);
      buildEmbedUrl({ surface: 'chat', tenantOrigin: T, timezone: '+05:30' });
      buildEmbedUrl({ surface: 'chat', tenantOrigin: T, timezone: 'Mars/Olympus_Mons' });
      expect(warn.mock.calls.map(([text]) => String(text).slice(0, 39))).toEqual([
        'SVC122 timezone: the platform ignores "',
        'SVC122 timezone: the platform ignores "',
      ]);
      expect(String(warn.mock.calls[0]?.[0])).toContain('"+05:30"');
      expect(String(warn.mock.calls[1]?.[0])).toContain('"Mars/Olympus_Mons"');
      expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, params: { TimeZone: 'UTC' } })).toThrow(/use the timezone option/);
    } finally {
      warn.mockRestore();
    }
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

describe('buildEmbedUrl refusals, with their full development messages', () => {
  it('requires a public id for a dashboard, missing or empty', () => {
    const message = "publicId is required for the dashboard surface: the published dashboard's public id.";
    expect(() => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T })).toThrow(devError(110, message));
    expect(() => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: '' })).toThrow(devError(110, message));
  });

  it('accepts ids that contain or start with dots, as long as they are not only dots', () => {
    for (const publicId of ['.v2', '..a', 'a.b_c-d~e', '~team']) {
      expect(buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId })).toBe(`${T}/embed/dashboard/${publicId}`);
    }
    expect(() => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: '...' })).toThrow(
      devError(111, 'publicId "..." is not a safe id: use letters, digits, ".", "_", "~" and "-" (not only dots).'),
    );
  });

  it('refuses a deployment id that is neither a number nor a string, even one that reads as a number', () => {
    expect(() => buildEmbedUrl({ surface: 'app', tenantOrigin: T, deploymentId: [42] as never, session: 's' })).toThrow(
      devError(112, 'deploymentId is required for the app surface and must be a positive integer, got an array.'),
    );
  });

  it('refuses an unknown surface instead of falling back to chat', () => {
    expect(() => buildEmbedUrl({ surface: 'widget' as never, tenantOrigin: T })).toThrow(
      devError(114, 'surface must be "dashboard", "app" or "chat", got "widget".'),
    );
  });

  it.each(['', '   ', 42])('refuses the session %j', (session) => {
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, session: session as string })).toThrow(
      devError(115, 'session must be a non-empty session id.'),
    );
  });

  it('refuses a filter key that is not <semantic_view>.<dimension>', () => {
    expect(() => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', filters: { status: { value: 1 } } as never })).toThrow(
      devError(130, 'filters: key "status" is not of the form "<semantic_view>.<dimension>".'),
    );
  });

  it('leaves out a filter or a parameter set to undefined', () => {
    expect(
      buildEmbedUrl({
        surface: 'dashboard',
        tenantOrigin: T,
        publicId: 's',
        filters: { 'orders.status': undefined as never, 'orders.region': { value: 'EU' } },
        params: { campaign: undefined, showDashboardTitle: false },
      }),
    ).toBe(`${T}/embed/dashboard/s?f_orders.region=%7B%22value%22%3A%22EU%22%7D&showDashboardTitle=false`);
  });

  it('writes number and boolean parameters as text, and refuses other kinds of value', () => {
    expect(buildEmbedUrl({ surface: 'chat', tenantOrigin: T, params: { width: 3, ratio: 1.5, compact: true } })).toBe(
      `${T}/embed/chat?width=3&ratio=1.5&compact=true`,
    );
    expect(() => buildEmbedUrl({ surface: 'chat', tenantOrigin: T, params: { extra: { a: 1 } as never } })).toThrow(
      devError(120, 'params.extra must be a string, number or boolean.'),
    );
  });

  it.each([
    ['F_orders.status', 'use the filters option instead'],
    ['f_x', 'use the filters option instead'],
    ['Locale', 'use the locale option instead'],
    ['ALLOWEXPORT', 'use the allowExport option instead'],
    ['allowExport', 'use the allowExport option instead'],
    ['accessToken', "the viewer's identity comes only from the session option"],
    ['Authorization', "the viewer's identity comes only from the session option"],
    ['xf_session', 'not reserved'],
  ])('explains why params.%s is reserved', (name, instead) => {
    const call = () => buildEmbedUrl({ surface: 'dashboard', tenantOrigin: T, publicId: 's', params: { [name]: 'v' } });
    if (instead === 'not reserved') expect(call()).toBe(`${T}/embed/dashboard/s?${name}=v`);
    else expect(call).toThrow(devError(118, `params.${name} is reserved: ${instead}.`));
  });
});

describe('tenant origin refusals, with their full development messages', () => {
  const expected = '; expected an origin such as "https://acme.example.com".';

  it.each([undefined, '', '   ', 42])('requires an origin, refusing %j', (origin) => {
    expect(() => normalizeTenantOrigin(origin as string)).toThrow(devError(101, `tenantOrigin is required${expected}`));
  });

  it.each(['ftp://localhost', 'ws://localhost:8080', 'http://acme.example.com'])('refuses the scheme of %s, naming it', (origin) => {
    const scheme = new URL(origin).protocol;
    expect(() => normalizeTenantOrigin(origin)).toThrow(
      devError(103, `tenantOrigin must use https: (http: only on localhost, 127.0.0.1 and [::1]), got "${scheme}"${expected}`),
    );
  });

  it('echoes a value of up to 80 characters whole, and clips a longer one', () => {
    const eighty = 'a'.repeat(80);
    expect(() => normalizeTenantOrigin(eighty)).toThrow(devError(102, `tenantOrigin "${eighty}" is not a URL${expected}`));
    expect(() => normalizeTenantOrigin(`${eighty}b`)).toThrow(devError(102, `tenantOrigin "${eighty}…" is not a URL${expected}`));
    const withPath = `${T}/${'p'.repeat(100)}`;
    expect(() => normalizeTenantOrigin(withPath)).toThrow(
      devError(104, `tenantOrigin must be an origin only (scheme, host, port), without a path, query or fragment, got "${withPath.slice(0, 80)}…"${expected}`),
    );
  });
});
