import { afterEach, describe, expect, it, vi } from 'vitest';
import { addHost, destroyControllers, emitReady, flush, makeController, attachedController as attached } from '../support/controllers.js';
import { deliver, eventEnvelope, TENANT } from '../support/frames.js';
import { sessionLedgerOf } from '../../../src/runtime/createSessionLedger.js';
import { nextSession, testRuntime } from '../support/runtime.js';

/**
 * Lifecycle details a UI binding relies on: it hears every change it subscribed to, the iframe is shown only
 * when its rule says so (never a hidden iframe behind the app's error fallback), and a failed embed mounted
 * again in the same commit does not fail a second time.
 */

afterEach(() => {
  destroyControllers();
  vi.useRealTimers();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('subscribers', () => {
  it('hear every change of the snapshot, each reading the new one', () => {
    const controller = makeController();
    const phases: string[] = [];
    controller.subscribe(() => phases.push(controller.getSnapshot().phase));
    controller.subscribe(() => phases.push(`second ${controller.getSnapshot().phase}`));
    controller.attach(addHost());
    emitReady(controller);
    expect(phases).toEqual(['loading', 'second loading', 'ready', 'second ready']);
  });
});

describe('an embed shown at once that shows its own error page', () => {
  it('changes its snapshot once: it is already visible', () => {
    const controller = attached({ reveal: 'immediate' });
    emitReady(controller);
    const snapshots: unknown[] = [];
    controller.subscribe(() => snapshots.push(controller.getSnapshot()));
    deliver(eventEnvelope('svc:event:error', { message: 'Chart query failed', name: 'QueryError', fatal: true }), TENANT, controller.iframe?.contentWindow as Window);
    expect(snapshots).toEqual([expect.objectContaining({ phase: 'error', visible: true })]);
  });
});

describe('revealing', () => {
  it('an embed that sends ready before its load event is shown after the settle time, not after the load timeout', async () => {
    const controller = attached({ revealSettleMs: 0, revealTimeoutMs: 60_000 });
    emitReady(controller);
    controller.iframe?.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(controller.getSnapshot().visible).toBe(true), { timeout: 2_000 });
  });

  it('an iframe hidden when the host failed stays hidden when its document loads: the app shows its fallback', async () => {
    const controller = attached({ getSession: async () => nextSession(), revealTimeoutMs: 10 });
    await vi.waitFor(() => expect(controller.getSnapshot().phase).toBe('loading'));
    // The app hands over a session that cannot be loaded: a failure of the host's making.
    controller.update({ getSession: async () => nextSession(), session: 'not a session id' });
    expect(controller.getSnapshot()).toMatchObject({
      phase: 'error',
      visible: false,
      error: { code: 'SVC303', context: 'session', message: expect.stringMatching(/^SVC303 the session option is not a usable session id/) },
    });
    controller.iframe?.dispatchEvent(new Event('load'));
    await sleep(60);
    expect(controller.getSnapshot().visible).toBe(false);
    expect(controller.iframe?.style.opacity).toBe('0');
  });
});

describe('a failed embed', () => {
  it('mounted again in the same commit (StrictMode) fails once, and tries again only when retried', async () => {
    const used = nextSession();
    sessionLedgerOf(testRuntime()).add(used);
    const onFailure = vi.fn();
    const controller = makeController({ session: used, onFailure });
    const host = addHost();
    controller.attach(host)();
    controller.attach(host);
    await flush();
    expect(controller.getSnapshot().phase).toBe('error');
    expect(onFailure).toHaveBeenCalledTimes(1);
    controller.retry();
    expect(onFailure).toHaveBeenCalledTimes(2);
  });
});
