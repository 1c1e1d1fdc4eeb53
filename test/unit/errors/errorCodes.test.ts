import { afterEach, describe, expect, it } from 'vitest';
import { devError, TROUBLESHOOTING } from '../support/errorTexts.js';
import { inProduction, leaveProduction } from '../support/inProduction.js';

// One error from each area, as an app meets it: the code starts the text and is on the error as `code`; a
// development text ends with the link to the code's section, a production text (modules evaluated again with
// NODE_ENV=production, as a production bundle evaluates them) keeps only the code and a few words.

afterEach(leaveProduction);

/** What a call throws. */
function thrown(call: () => unknown): Error & { code?: string } {
  try {
    call();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected the call to throw');
}

describe('coded errors in development', () => {
  it('keep-alive bounds: SVC402, linked to its section', async () => {
    const { embedParking } = await import('../../../src/keepAlive/index.js');
    expect(() => embedParking.configure({ maxParked: -1 })).toThrow(devError(402, 'keepAlive maxParked must be a whole number, 0 or more'));
  });

  it('the tenant bridge: SVC702 for a host origin of "*"', async () => {
    const { createTenantBridge } = await import('../../../src/tenant/index.js');
    const error = thrown(() => createTenantBridge({ surface: 'dashboard', hostOrigin: '*' }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toEqual(devError(702, 'hostOrigin must be a specific origin: events are never posted to "*".'));
  });

  it('the testing entry: SVC606 for a mock used after restore', async () => {
    const { mockSvcTenant } = await import('../../../src/testing/index.js');
    const tenant = mockSvcTenant();
    tenant.restore();
    expect(() => tenant.dispatchRaw({})).toThrow(devError(606, 'mockSvcTenant: this mock was restored; create a new one.', Error));
  });

  it('the link leads to the anchor of the code itself', async () => {
    const { normalizeTenantOrigin } = await import('../../../src/protocol/index.js');
    const error = thrown(() => normalizeTenantOrigin('ftp://acme.example.com'));
    expect(error.code).toBe('SVC103');
    expect(error.message.startsWith('SVC103 ')).toBe(true);
    expect(error.message.endsWith(` See ${TROUBLESHOOTING}#svc103`)).toBe(true);
  });
});

describe('coded errors in production', () => {
  it('keep the code, with no link', async () => {
    const { normalizeTenantOrigin } = await inProduction(() => import('../../../src/protocol/index.js'));
    const error = thrown(() => normalizeTenantOrigin('ftp://acme.example.com'));
    expect(error).toEqual(Object.assign(new TypeError('SVC103 tenantOrigin'), { code: 'SVC103' }));
    expect(error.message).not.toContain('http');
  });

  it('name what was refused in a failure the controller reports', async () => {
    const { createEmbedController } = await inProduction(() => import('../../../src/controller/index.js'));
    const embed = createEmbedController({
      surface: 'dashboard',
      tenantOrigin: 'https://acme.example.com',
      embedId: 'coded',
      publicId: 'sales',
      session: 'has spaces',
    });
    embed.attach(document.body.appendChild(document.createElement('div')));
    expect(embed.getSnapshot().error).toEqual({ name: 'SessionError', context: 'session', fatal: true, message: 'SVC303 session', code: 'SVC303' });
    embed.destroy();
  });
});
