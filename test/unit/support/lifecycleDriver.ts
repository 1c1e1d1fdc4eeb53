import type { ErrorPayload } from '../../../src/protocol/eventPayloads.js';
import type {
  LifecycleContext,
  LifecycleEffects,
  LifecycleEvent,
  LifecycleState,
} from '../../../src/controller/embedLifecycle.js';

type Lifecycle = typeof import('../../../src/controller/embedLifecycle.js');

/**
 * Drives the pure lifecycle transition the way the controller does, with a clock and timers of its own: each
 * effect is written to `log` in a short form ("request renewal 1060000", "hand s1", "load s1", "report SVC306",
 * "sync all"), timers are kept by name and fire when `advance` passes their moment.
 */
export function lifecycleDriver(lifecycle: Lifecycle, options: { readonly signed?: boolean; readonly now?: number } = {}) {
  let state: LifecycleState = lifecycle.initialLifecycle({ hidden: true, signed: options.signed ?? true });
  const context = {
    now: options.now ?? 1_000_000,
    random: 0.5,
    online: true,
    fetchable: true,
    readyTimeoutMs: 30_000,
    sessionTimeoutMs: 30_000,
  } satisfies LifecycleContext;
  const log: string[] = [];
  const reports: { readonly type: 'report'; readonly error: ErrorPayload }[] = [];
  const timers = new Map<string, number>();
  const aborted: number[] = [];
  let sessions = 0;

  /** Records each effect as the transition asks for it. */
  const effects: LifecycleEffects = {
    request(_id, reason, expiresAt) {
      log.push(`request ${reason} ${expiresAt ?? '-'}`);
    },
    abort(id) {
      aborted.push(id);
    },
    load(session) {
      log.push(`load ${session ?? '-'}`);
    },
    handOver(session) {
      log.push(`hand ${session}`);
    },
    report(error) {
      reports.push({ type: 'report', error });
      log.push(`report ${(error as { code?: string }).code ?? error.name}`);
    },
    sync(all) {
      log.push(all ? 'sync all' : 'sync changed');
    },
    timer(name, ms) {
      timers.set(name, context.now + ms);
    },
    clear(...names) {
      for (const name of names) timers.delete(name);
    },
    retire() {},
    show() {},
    reveal() {},
    cancelReveal() {},
    forget() {},
    trace() {},
  };

  const send = (event: LifecycleEvent): void => {
    state = lifecycle.transition(state, event, context, effects);
  };

  /** Moves the clock on by `ms`, firing every timer that falls due, in order of its moment. */
  const advance = (ms: number): void => {
    const end = context.now + ms;
    for (;;) {
      const due = [...timers].filter(([, at]) => at <= end).sort((a, b) => a[1] - b[1])[0];
      if (!due) break;
      timers.delete(due[0]);
      context.now = Math.max(context.now, due[1]);
      send({ type: 'timer', name: due[0] as never });
    }
    context.now = end;
  };

  const driver = {
    context: context as { -readonly [K in keyof LifecycleContext]: LifecycleContext[K] },
    log,
    reports,
    timers,
    aborted,
    get state() {
      return state;
    },
    send,
    advance,
    /** Answers the request in flight with a new session (or `session`); returns it. */
    answer(session = `s${++sessions}`): string {
      send({ type: 'session-settled', id: state.inFlight ?? -1, session });
      return session;
    },
    /** Fails the request in flight the way a rejected getSession does. */
    reject(): void {
      send({
        type: 'session-failed',
        id: state.inFlight ?? -1,
        error: { name: 'SessionError', context: 'getSession', fatal: true, message: 'SVC301 getSession failed: down', code: 'SVC301' } as never,
      });
    },
    /** Attaches, answers the first request and takes the document's ready: a ready embed. */
    ready() {
      send({ type: 'attach' });
      if (state.status === 'requesting') send({ type: 'session-settled', id: state.inFlight ?? -1, session: `s${++sessions}` });
      send({ type: 'ready' });
      send({ type: 'revealed' });
      log.length = 0;
      return this;
    },
  };
  return driver;
}
