import { expect, vi } from 'vitest';
import { createEmbedController, type EmbedController, type EmbedControllerOptions, type SessionRequest } from '../../../src/controller/index.js';
import { deliver, deliverReady, eventEnvelope, readyPayload, TENANT } from './frames.js';
import { testRuntime } from './runtime.js';

const made: EmbedController[] = [];
let count = 0;

/**
 * A dashboard controller with the tests' defaults, in the test's own runtime (see `testRuntime`), under an
 * embed id of its own (a registry refuses two live embeds with one id). {@link destroyControllers} tears it
 * down after the test.
 */
export function makeController(options: Partial<EmbedControllerOptions> = {}): EmbedController {
  const controller = createEmbedController({ surface: 'dashboard', tenantOrigin: TENANT, embedId: `c${++count}`, publicId: 'sales', runtime: testRuntime(), ...options });
  made.push(controller);
  return controller;
}

/** For `afterEach`: destroys every controller made since the last call and empties the document. */
export function destroyControllers(): void {
  for (const controller of made.splice(0)) controller.destroy();
  document.body.innerHTML = '';
}

/** A new element in the document for a controller to attach to. */
export const addHost = (): HTMLDivElement => document.body.appendChild(document.createElement('div'));

/** A {@link makeController} controller, attached to a new host element. */
export function attachedController(options: Partial<EmbedControllerOptions> = {}): EmbedController {
  const controller = makeController(options);
  controller.attach(addHost());
  return controller;
}

/** Resolves after the tasks already queued: promise answers and zero-delay timers have run. */
export const flush = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 0));

/** Delivers an event of `type` from the controller's iframe, from the tenant origin, as the embed posts it. */
export function emitEvent(controller: EmbedController, type: string, payload: Record<string, unknown>): void {
  deliver(eventEnvelope(type, payload), TENANT, controller.iframe?.contentWindow ?? null);
}

/** An action the host posted to an embed's window. */
export interface PostedAction {
  readonly type: string;
  readonly payload: Record<string, unknown>;
}

/**
 * The current document of `controller` as a scripted tenant: what the host posts to it is recorded (and goes
 * nowhere), and it sends events from the tenant origin. Call it again after a new load: a new iframe is a new
 * document.
 */
export function tenantOf(controller: EmbedController) {
  const win = controller.iframe?.contentWindow as Window;
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => {});
  const send = (type: string, payload: Record<string, unknown> = {}): void => deliver(eventEnvelope(type, payload), TENANT, win);
  const actions = (): PostedAction[] => posted.mock.calls.map(([message]) => message as PostedAction);
  return {
    win,
    send,
    actions,
    types: (): string[] => actions().map((action) => action.type),
    /** The sessions handed over in place (`svc:action:set-session`), in order. */
    handed: (): unknown[] => actions().filter((action) => action.type === 'svc:action:set-session').map((action) => action.payload.sessionId),
    ready: (): void => send('svc:event:ready', readyPayload()),
  };
}

/**
 * A {@link makeController} controller (give it a `getSession`), attached, whose first document loaded and sent
 * ready: the controller and that document as a scripted tenant (see {@link tenantOf}).
 */
export async function readyController(options: Partial<EmbedControllerOptions> = {}) {
  const controller = makeController(options);
  controller.attach(addHost());
  await vi.waitFor(() => expect(controller.iframe).not.toBeNull());
  const tenant = tenantOf(controller);
  tenant.ready();
  return { controller, tenant };
}

/** Delivers `ready` (a signed dashboard's) from the controller's iframe. */
export const emitReady = (controller: EmbedController): void => deliverReady(controller.iframe?.contentWindow ?? null);

/** One request of a {@link manualSessions} `getSession`, waiting for the test's answer. */
export interface ManualAnswer {
  readonly request: SessionRequest;
  resolve(id: string): void;
  reject(error: unknown): void;
}

/**
 * A `getSession` whose answers the test gives by hand: each request waits in `answers` (in request order)
 * until the test resolves or rejects it; `resolve` and `reject` answer the latest request.
 */
export function manualSessions() {
  const answers: ManualAnswer[] = [];
  const getSession = vi.fn((request: SessionRequest) => new Promise<string>((resolve, reject) => answers.push({ request, resolve, reject })));
  return {
    getSession,
    answers,
    resolve: (id: string): void => answers.at(-1)?.resolve(id),
    reject: (error: unknown): void => answers.at(-1)?.reject(error),
  };
}
