import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldActionCount, holdAction, releaseHeldActions } from '../../../src/controller/heldActions.js';
import { createEmbedBridge, type EmbedBridge } from '../../../src/protocol/index.js';
import { addFrame } from '../support/frames.js';

const TENANT = 'https://acme.example.com';
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.body.innerHTML = '';
});

function connected(embedId: string, tenantOrigin = TENANT): { bridge: EmbedBridge; sent: () => string[] } {
  const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin, embedId });
  const iframe = addFrame();
  cleanups.push(bridge.connect(iframe), () => bridge.destroy());
  // Sent before ready: what reaches the bridge waits in its queue; spy on send to see what was handed over.
  const send = vi.spyOn(bridge, 'send');
  return { bridge, sent: () => send.mock.calls.map(([type]) => type) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('actions held before an embed mounts', () => {
  it('go to the embed they name, at once, in order', () => {
    holdAction('sales', 'svc:action:set-color-scheme', [{ scheme: 'dark' }]);
    holdAction('sales', 'svc:action:refresh', []);
    const { bridge, sent } = connected('sales');
    releaseHeldActions(bridge, () => {});
    expect(sent()).toEqual(['svc:action:set-color-scheme', 'svc:action:refresh']);
    expect(heldActionCount()).toBe(0);
  });

  it('without an embedId, go to the one embed that mounted', async () => {
    holdAction('', 'svc:action:refresh', []);
    const { bridge, sent } = connected('only');
    const report = vi.fn();
    releaseHeldActions(bridge, report);
    await tick();
    expect(sent()).toEqual(['svc:action:refresh']);
    expect(report).not.toHaveBeenCalled();
    expect(heldActionCount()).toBe(0);
  });

  it('without an embedId, are dropped and reported when two embeds mount together (another tenant may be one)', async () => {
    holdAction('', 'svc:action:set-filter', [{ filterUrlParameter: 'f_users.email={"value":"ann@example.com"}' }]);
    const ours = connected('ours');
    const partner = connected('partner', 'https://partner.example.net');
    const report = vi.fn();
    releaseHeldActions(partner.bridge, report);
    releaseHeldActions(ours.bridge, report);
    await tick();
    expect(ours.sent()).toEqual([]);
    expect(partner.sent()).toEqual([]);
    expect(report).toHaveBeenCalledTimes(1);
    expect(report.mock.calls[0]?.[0]).toMatch(/without an embedId were dropped.*ours, partner|partner, ours/s);
    expect(heldActionCount()).toBe(0);
  });
});
