import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController, EmbedControllerOptions } from '../../../src/controller/index.js';
import { keepAlive } from '../../../src/keepAlive/index.js';
import { createEmbedRuntime, embedInspector, inspectorOf } from '../../../src/protocol/index.js';
import { addHost as host, destroyControllers, emitEvent, emitReady, makeController, manualSessions } from '../support/controllers.js';
import { nextSession, testRuntime } from '../support/runtime.js';

// Developer tools show an embed's lifecycle from the inspector's `lifecycle` entries: each step once, in order,
// with the detail that tells the steps apart.

const unsubscribes: (() => void)[] = [];

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  destroyControllers();
});

let count = 0;
function make(options: Partial<EmbedControllerOptions> = {}) {
  const embedId = `trace-${++count}`;
  const steps: string[] = [];
  // The controllers run in the test's own runtime: its inspector hears their steps.
  unsubscribes.push(
    inspectorOf(testRuntime()).subscribe((entry) => {
      if (entry.kind === 'lifecycle' && entry.embedId === embedId) steps.push(entry.detail === undefined ? entry.phase : `${entry.phase}: ${entry.detail}`);
    }),
  );
  const controller = makeController({ embedId, revealSettleMs: 0, ...options });
  return { controller, steps };
}

const revealed = (controller: EmbedController) => vi.waitFor(() => expect(controller.getSnapshot().visible).toBe(true));

/** A `getSession` whose answers the test gives, one per request: `answer` answers the oldest unanswered one. */
function answeredInTurn() {
  const { getSession, answers } = manualSessions();
  let answered = 0;
  const answer = async () => {
    answers[answered++]?.resolve(nextSession());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { getSession, answer };
}

describe('the lifecycle an inspector sees', () => {
  it('of a private embed: loaded, revealed, reloaded by itself, failed, destroyed', async () => {
    const { controller, steps } = make();
    controller.attach(host());
    const iframe = controller.iframe as HTMLIFrameElement;
    iframe.dispatchEvent(new Event('load'));
    emitReady(controller);
    await revealed(controller);
    iframe.dispatchEvent(new Event('load'));
    emitEvent(controller, 'svc:event:error', { message: 'Chart query failed', name: 'QueryError', fatal: true });
    controller.destroy();
    controller.destroy();
    expect(steps).toEqual(['loading: private mode', 'revealed', 'reloaded', 'error: Chart query failed', 'destroyed']);
  });

  it('of a signed embed renewed twice, named by the error that caused each renewal', async () => {
    const { getSession, answer } = answeredInTurn();
    const { controller, steps } = make({ getSession });
    controller.attach(host());
    await answer();
    const first = controller.iframe as HTMLIFrameElement;
    emitReady(controller);
    await revealed(controller);
    emitEvent(controller, 'svc:event:error', { message: 'The session expired', name: 'SessionExpiredError', fatal: true });
    // The old document reloading while the new session is fetched is not this embed reloading.
    first.dispatchEvent(new Event('load'));
    first.dispatchEvent(new Event('load'));
    await answer();
    emitReady(controller);
    emitEvent(controller, 'svc:event:error', { message: 'token expired', fatal: true });
    expect(steps).toEqual([
      'session-requested: initial',
      'loading: signed mode',
      'revealed',
      'session-failed: SessionExpiredError',
      'renewing: by reload',
      'loading: signed mode',
      'session-failed: token expired',
      'renewing: by reload',
    ]);
  });

  it('of an embed that sends ready before its load event, retried, whose new document reloads before its ready', () => {
    const { controller, steps } = make();
    controller.attach(host());
    emitReady(controller);
    controller.iframe?.dispatchEvent(new Event('load'));
    emitEvent(controller, 'svc:event:error', { message: 'Chart query failed', fatal: true });
    controller.retry();
    const retried = controller.iframe as HTMLIFrameElement;
    retried.dispatchEvent(new Event('load'));
    retried.dispatchEvent(new Event('load'));
    expect(steps).toEqual(['loading: private mode', 'revealed', 'error: Chart query failed', 'loading: private mode', 'reloaded']);
  });

  it("of an embed given a runtime of its own: that runtime's inspector, not the page's default one", () => {
    const runtime = createEmbedRuntime();
    const own: string[] = [];
    unsubscribes.push(inspectorOf(runtime).subscribe((entry) => entry.kind === 'lifecycle' && own.push(entry.phase)));
    const page: string[] = [];
    unsubscribes.push(embedInspector.subscribe((entry) => entry.kind === 'lifecycle' && page.push(entry.phase)));
    const { controller, steps } = make({ runtime, reveal: 'immediate' });
    controller.attach(host());
    expect(own).toEqual(['loading', 'revealed']);
    expect(steps).toEqual([]);
    expect(page).toEqual([]);
  });

  it('of an embed revealed at once', () => {
    const { controller, steps } = make({ reveal: 'immediate' });
    controller.attach(host());
    expect(steps).toEqual(['loading: private mode', 'revealed']);
  });

  it('of a kept-alive embed: preloaded while parked, shown when attached, and not again on a re-attach', () => {
    const { controller, steps } = make({ keepAlive });
    controller.park();
    controller.attach(host());
    const detach = controller.attach(host());
    detach();
    controller.attach(host());
    expect(steps).toEqual(['loading: private mode', 'parked', 'shown']);
  });

  it('nothing of a destroyed embed, even when the app renders it again with new values', () => {
    const entries: string[] = [];
    const { controller } = make();
    controller.attach(host());
    controller.destroy();
    unsubscribes.push(embedInspector.subscribe((entry) => entries.push(entry.kind)));
    controller.update({ colorScheme: 'dark', locale: 'de-DE', title: 'Sales' });
    expect(entries).toEqual([]);
  });
});
