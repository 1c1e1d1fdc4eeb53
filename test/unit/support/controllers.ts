import { createEmbedController, type EmbedController, type EmbedControllerOptions } from '../../../src/controller/index.js';
import { TENANT } from './frames.js';
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

/** Resolves after the tasks already queued: promise answers and zero-delay timers have run. */
export const flush = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, 0));
