import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  delete (globalThis as { afterEach?: unknown }).afterEach;
  vi.resetModules();
  document.body.replaceChildren();
});

/** An iframe of the chat surface in the document, and its window's own `postMessage`. */
function chatFrame(): { iframe: HTMLIFrameElement; original: unknown } {
  const iframe = document.createElement('iframe');
  iframe.src = 'https://acme.example.com/embed/chat';
  document.body.append(iframe);
  return { iframe, original: iframe.contentWindow?.postMessage };
}

describe('svc-embed-react/testing cleanup', () => {
  it('registers nothing when imported, even where the runner has a global afterEach', async () => {
    const hooks: (() => void)[] = [];
    (globalThis as { afterEach?: unknown }).afterEach = (hook: () => void) => hooks.push(hook);
    vi.resetModules();
    await import('../../../src/testing/index.js');
    expect(hooks).toEqual([]);
  });

  it('setupSvcTesting(afterEach) registers one hook that restores every active mock', async () => {
    const hooks: (() => void)[] = [];
    const { mockSvcTenant, setupSvcTesting } = await import('../../../src/testing/index.js');
    setupSvcTesting((hook) => hooks.push(hook));
    expect(hooks).toHaveLength(1);

    const { iframe, original } = chatFrame();
    const tenant = mockSvcTenant();
    expect(iframe.contentWindow?.postMessage).not.toBe(original);
    hooks[0]?.();
    expect(iframe.contentWindow?.postMessage).toBe(original);
    expect(() => tenant.ready()).toThrow(/restored/);
  });

  it('refuses to guess a runner: without an afterEach function it throws SVC610', async () => {
    const { setupSvcTesting } = await import('../../../src/testing/index.js');
    expect(() => setupSvcTesting(undefined as never)).toThrow(expect.objectContaining({ code: 'SVC610', name: 'TypeError' }));
  });
});
