import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbedController, getMessageRouterStats } from '../../../src/index.js';
import { embedParking, preloadEmbed } from '../../../src/keepAlive/index.js';
import { TENANT } from '../support/frames.js';


afterEach(() => {
  embedParking.clear();
  embedParking.configure({ maxParked: 3, idleTimeoutMs: 300_000 });
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const preload = (embedId: string) => preloadEmbed({ surface: 'dashboard', tenantOrigin: TENANT, publicId: 'sales', embedId });

describe('the parking lot', () => {
  it('asks getSession only for the preloads that load: ten preloads in one go over a lot of three', async () => {
    embedParking.configure({ maxParked: 3 });
    const getSession = vi.fn(async () => `lazy-${Math.random().toString(36).slice(2)}`);
    for (let index = 0; index < 10; index++) {
      preloadEmbed({ surface: 'dashboard', tenantOrigin: TENANT, publicId: `p${index}`, embedId: `lazy-${index}`, getSession });
    }
    await vi.waitFor(() => expect(document.querySelectorAll('iframe')).toHaveLength(3));
    expect(getSession).toHaveBeenCalledTimes(3);
    expect(embedParking.size).toBe(3);
  });

  it('keeps at most maxParked embeds, destroying the least recently parked completely', async () => {
    embedParking.configure({ maxParked: 2 });
    preload('a');
    preload('b');
    preload('c');
    expect(embedParking.size).toBe(2);
    // Preloads start loading a microtask later, once the bound has spoken: the evicted one never loaded.
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    await Promise.resolve();
    expect(document.querySelectorAll('iframe')).toHaveLength(2);
    expect([...document.querySelectorAll('iframe')].map((f) => f.getAttribute('data-svc-embed-id'))).toEqual(['b', 'c']);
    expect(getMessageRouterStats().routes).toBe(2);
    embedParking.clear();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
  });

  it('destroys an embed parked longer than idleTimeoutMs', () => {
    vi.useFakeTimers();
    embedParking.configure({ idleTimeoutMs: 1000 });
    preload('a');
    vi.advanceTimersByTime(999);
    expect(embedParking.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(embedParking.size).toBe(0);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('a second preload of the same identity does nothing; cancelling an unused one destroys it', () => {
    const cancel = preload('a');
    preload('a');
    expect(embedParking.size).toBe(1);
    cancel();
    expect(embedParking.size).toBe(0);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('refuses bounds that make no sense', () => {
    expect(() => embedParking.configure({ maxParked: -1 })).toThrow(/maxParked/);
    expect(() => embedParking.configure({ idleTimeoutMs: Number.NaN })).toThrow(/idleTimeoutMs/);
  });

  it('parking is a no-op for a controller made without keepAlive', () => {
    const controller = createEmbedController({ surface: 'chat', tenantOrigin: TENANT, embedId: 'x' });
    controller.park();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'idle', parked: false });
    controller.destroy();
  });
});
