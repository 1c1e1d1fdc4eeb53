// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEmbedBridge, getMessageRouterStats } from '../../../../src/protocol/index.js';

describe('an embed without a window (server rendering)', () => {
  it('connects without attaching a listener', () => {
    expect(typeof window).toBe('undefined');
    const bridge = createEmbedBridge({ surface: 'app', tenantOrigin: 'https://acme.example.com' });
    const disconnect = bridge.connect(() => undefined);
    expect(getMessageRouterStats()).toEqual({ routes: 1, listening: false });
    disconnect();
    expect(getMessageRouterStats()).toEqual({ routes: 0, listening: false });
  });
});
