import { act, cleanup, render } from '@testing-library/react';
import { cloneElement, type ReactElement, StrictMode } from 'react';
import { afterEach, vi } from 'vitest';
import type { Surface } from '../../../src/index.js';
import { deliverReady, eventEnvelope, TENANT } from '../support/frames.js';

export { TENANT } from '../support/frames.js';

/**
 * Importing the harness unmounts what each test rendered and restores its spies once the test is over. A
 * file's own `afterEach` runs before this one: one whose step needs the tree unmounted first calls `cleanup()`
 * itself.
 */
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Renders under StrictMode, as every React test here does. */
export function renderStrict(ui: ReactElement) {
  const result = render(<StrictMode>{ui}</StrictMode>);
  return {
    ...result,
    rerender: (next: ReactElement) => result.rerender(<StrictMode>{next}</StrictMode>),
  };
}

/** The embed's iframe, its window, and a spy recording what the host posts to it. */
export function frameOf(embedId?: string) {
  const selector = embedId ? `iframe[data-svc-embed-id="${embedId}"]` : 'iframe';
  const iframes = document.querySelectorAll<HTMLIFrameElement>(selector);
  if (iframes.length !== 1) throw new Error(`expected one iframe for ${selector}, found ${iframes.length}`);
  const iframe = iframes[0] as HTMLIFrameElement;
  const win = iframe.contentWindow as Window;
  const existing = (win.postMessage as unknown as { mock?: unknown }).mock;
  const posted = existing
    ? (win.postMessage as unknown as ReturnType<typeof vi.fn>)
    : vi.spyOn(win, 'postMessage').mockImplementation(() => {});
  const actions = () =>
    posted.mock.calls.map(([message, target]) => ({
      type: (message as { type: string }).type,
      payload: (message as { payload: unknown }).payload,
      target,
    }));
  return { iframe, win, posted, actions };
}

/** Delivers an event from an embed's window, from the tenant origin, inside act(). */
export function emit(win: Window, type: string, payload: Record<string, unknown>, surface: Surface = 'dashboard', origin = TENANT): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: eventEnvelope(type, payload, surface), origin, source: win }));
  });
}

/** Delivers `ready` from an embed's window, from the tenant origin, inside act(). */
export function ready(win: Window, surface: Surface = 'dashboard'): void {
  act(() => deliverReady(win, TENANT, surface));
}

/**
 * For tests that expect a render to throw: React logs the error, and React 18 under jsdom also reports it as
 * an uncaught window error. Both are expected there, so they are kept out of the test output.
 */
export function expectRenderErrors(): () => void {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const swallow = (event: ErrorEvent) => event.preventDefault();
  window.addEventListener('error', swallow);
  return () => {
    window.removeEventListener('error', swallow);
    consoleError.mockRestore();
  };
}

/** A coded error as an embed's handlers get it. */
export interface SeenError {
  readonly message: string;
  readonly code?: string;
}

/** What became of an embed rendered with a bad prop. */
export interface EmbedFailure {
  /** The error the embed's errorFallback was last given (undefined: it did not fail). */
  readonly shown: SeenError | undefined;
  /** Every error onError received, in order. */
  readonly reported: readonly SeenError[];
  /** What was printed with console.error. */
  readonly printed: readonly string[];
  /** Whether the rest of the app (a sibling heading) is still on screen. */
  readonly appShown: boolean;
}

/**
 * Renders `ui` (one embed element) beside the rest of an app under StrictMode, with an onError and an
 * errorFallback added unless `handlers` is false, and says what became of it. A render that throws fails the
 * test: an embed must never take its page down.
 */
export function renderFailure(ui: ReactElement, { handlers = true, strict = true } = {}): EmbedFailure {
  const reported: SeenError[] = [];
  let shown: SeenError | undefined;
  const printed: string[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '));
  });
  try {
    const embed = handlers
      ? cloneElement(ui as ReactElement<Record<string, unknown>>, {
          onError: (error: SeenError) => reported.push(error),
          errorFallback: (error: SeenError) => {
            shown = error;
            return <p data-testid="fallback">{error.message}</p>;
          },
        })
      : ui;
    const page = (
      <main>
        <h1>The rest of the app</h1>
        {embed}
      </main>
    );
    const view = strict ? renderStrict(page) : render(page);
    const appShown = view.container.querySelector('h1')?.textContent === 'The rest of the app';
    return { shown, reported, printed: [...printed], appShown };
  } finally {
    consoleError.mockRestore();
  }
}
