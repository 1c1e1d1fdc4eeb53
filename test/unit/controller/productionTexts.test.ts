import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliverReady, TENANT } from '../support/frames.js';
import { inProduction, leaveProduction } from '../support/inProduction.js';

type Controller = typeof import('../../../src/controller/index.js');
type Held = typeof import('../../../src/controller/heldActions.js');
type Protocol = typeof import('../../../src/protocol/index.js');

// A production build keeps a short text for every failure. The modules are imported afresh with
// NODE_ENV=production, the way such a build evaluates them (one fresh set, so they share one registry).
let controller: Controller;
let held: Held;
let protocol: Protocol;

beforeAll(async () => {
  await inProduction(async () => {
    controller = await import('../../../src/controller/index.js');
    held = await import('../../../src/controller/heldActions.js');
    protocol = await import('../../../src/protocol/index.js');
  });
});

afterAll(() => {
  leaveProduction();
  document.body.innerHTML = '';
});


describe('in production', () => {
  it('a session loaded twice on the page is refused in a few words', () => {
    const session = `sess-${Math.random().toString(36).slice(2)}`;
    const make = (embedId: string) =>
      controller.createEmbedController({ surface: 'dashboard', tenantOrigin: TENANT, embedId, publicId: 'sales', session });
    const first = make('first');
    first.attach(document.body.appendChild(document.createElement('div')));
    const second = make('second');
    second.attach(document.body.appendChild(document.createElement('div')));
    expect(second.getSnapshot().error).toMatchObject({ name: 'SessionError', context: 'session', message: 'SVC305 session', code: 'SVC305' });
    first.destroy();
    second.destroy();
  });

  it('actions without an embedId dropped between several embeds are reported in a few words', async () => {
    held.holdAction('', 'svc:action:refresh', []);
    const bridges = ['a', 'b'].map((embedId) => protocol.createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, embedId }));
    const reports = bridges.map((bridge) => vi.spyOn(bridge, 'report'));
    for (const bridge of bridges) bridge.connect(document.body.appendChild(document.createElement('iframe')));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reports[0]?.mock.calls).toEqual([[{ reason: 'unaddressed-action', detail: '1 unaddressed action(s) dropped: several embeds' }]]);
    for (const bridge of bridges) bridge.destroy();
  });

  it('renewals stopped by the bound are refused in a few words', async () => {
    const { createRenewal } = await import('../../../src/controller/createRenewal.js');
    const messages: string[] = [];
    const renewal = createRenewal({
      take: async () => 'next',
      started: () => {},
      handOver: () => {},
      loadWith: () => {},
      failWith: (error) => messages.push(error.message),
    });
    for (let i = 0; i < 4; i++) {
      renewal.renew();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(messages).toEqual(['SVC306 renewal']);
  });

  it('sessions an embed cannot load, and a destroyed embed attached again, are refused in a few words', async () => {
    const make = (options: { embedId: string; session?: string; getSession?: () => Promise<string> }) =>
      controller.createEmbedController({ surface: 'dashboard', tenantOrigin: TENANT, publicId: 'sales', ...options });
    const unusable = make({ embedId: 'unusable', session: 'not a session id' });
    unusable.attach(document.body.appendChild(document.createElement('div')));
    expect(unusable.getSnapshot().error).toMatchObject({ message: 'SVC303 session', code: 'SVC303' });
    const empty = make({ embedId: 'empty', getSession: async () => '' });
    empty.attach(document.body.appendChild(document.createElement('div')));
    await vi.waitFor(() => expect(empty.getSnapshot().error).toMatchObject({ message: 'SVC304 getSession', code: 'SVC304' }));
    const live = make({ embedId: 'live', session: `sess-${Math.random().toString(36).slice(2)}` });
    live.attach(document.body.appendChild(document.createElement('div')));
    live.update({ session: 'has spaces in it' });
    expect(live.getSnapshot().error).toMatchObject({ message: 'SVC303 session', code: 'SVC303' });
    for (const embed of [unusable, empty, live]) embed.destroy();
    expect(() => live.attach(document.body.appendChild(document.createElement('div')))).toThrow(/^SVC307 embed "live"$/);
  });

  it('the message inspector hears nothing (it is for development tools), while the debug hook still does', () => {
    const entries: unknown[] = [];
    const reasons: string[] = [];
    const stop = protocol.embedInspector.subscribe((entry) => entries.push(entry));
    const embed = controller.createEmbedController({
      surface: 'dashboard',
      tenantOrigin: TENANT,
      embedId: 'quiet',
      publicId: 'sales',
      maxQueuedActions: 1,
      onDebug: (report) => reasons.push(report.reason),
    });
    // Every kind of entry a development build makes: lifecycle steps, queued and dropped actions, a dropped
    // message, a received event, flushed and sent actions.
    embed.attach(document.body.appendChild(document.createElement('div')));
    embed.bridge.send('svc:action:refresh');
    embed.bridge.send('svc:action:navigate', { path: '/orders' });
    deliverReady(embed.iframe?.contentWindow ?? null, 'https://elsewhere.example.com');
    deliverReady(embed.iframe?.contentWindow ?? null);
    embed.bridge.send('svc:action:refresh');
    embed.destroy();
    stop();
    expect(entries).toEqual([]);
    expect(reasons).toEqual(['queue-overflow', 'wrong-origin']);
    expect(embed.bridge.store.getState().status).toBe('ready');
  });
});
