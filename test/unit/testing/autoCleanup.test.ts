import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  delete (globalThis as { afterEach?: unknown }).afterEach;
  vi.resetModules();
  document.body.replaceChildren();
});

describe('svc-embed-react/testing auto cleanup', () => {
  it('registers a restore-all hook with a global afterEach, as Jest and Vitest globals provide', async () => {
    const hooks: (() => void)[] = [];
    (globalThis as { afterEach?: unknown }).afterEach = (hook: () => void) => hooks.push(hook);
    vi.resetModules();
    const { mockSvcTenant } = await import('../../../src/testing/index.js');
    expect(hooks).toHaveLength(1);

    const iframe = document.createElement('iframe');
    iframe.src = 'https://acme.example.com/embed/chat';
    document.body.append(iframe);
    const original = iframe.contentWindow?.postMessage;
    const tenant = mockSvcTenant();
    expect(iframe.contentWindow?.postMessage).not.toBe(original);
    hooks[0]?.();
    expect(iframe.contentWindow?.postMessage).toBe(original);
    expect(() => tenant.ready()).toThrow(/restored/);
  });
});
