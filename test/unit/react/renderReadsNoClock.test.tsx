import { act, cleanup } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbedController } from '../../../src/controller/index.js';
import { SvcDashboard, SvcProvider } from '../../../src/index.js';
import { TENANT } from '../support/frames.js';

/**
 * Rendering an embed (on the server or the client) reads no clock and no random number: frameworks that
 * prerender (Next.js Cache Components) treat such a read as a value that changes between renders and refuse to
 * build the page. Effects (attaching the embed) may read them; render must not. While a render runs, the clock
 * and random functions throw when called from the library's own code (React itself may time its work).
 */

const SOURCE = `${process.cwd()}/src/`;

/** Whether the library's code is on the stack right now (an Error's stack reads no clock). */
const calledFromLibrary = (): boolean => (new Error().stack ?? '').includes(SOURCE);

/**
 * Patches Date.now, new Date(), performance.now and Math.random to throw (and record) when called from the
 * library while `active()` says a render is running; returns what was read.
 */
function forbidClockReads(active: () => boolean): string[] {
  const reads: string[] = [];
  const refuse = (name: string): void => {
    if (!active() || !calledFromLibrary()) return;
    reads.push(name);
    throw new Error(`${name} was read during render`);
  };
  const RealDate = Date;
  const now = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => {
    refuse('Date.now');
    return now();
  });
  const random = Math.random.bind(Math);
  vi.spyOn(Math, 'random').mockImplementation(() => {
    refuse('Math.random');
    return random();
  });
  const performanceNow = performance.now.bind(performance);
  vi.spyOn(performance, 'now').mockImplementation(() => {
    refuse('performance.now');
    return performanceNow();
  });
  class GuardedDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) refuse('new Date()');
      super(...(args as [number]));
    }
  }
  vi.stubGlobal('Date', GuardedDate);
  return reads;
}

let rendering = false;

/** Marks the render phase: its first child starts it, its last child ends it (children render in order). */
function RenderPhase({ children }: { readonly children: ReactNode }) {
  const Start = () => {
    rendering = true;
    return null;
  };
  const End = () => {
    rendering = false;
    return null;
  };
  return (
    <>
      <Start />
      {children}
      <End />
    </>
  );
}

const embed = (
  <SvcProvider tenantOrigin={TENANT} getSession={async () => 'not-called-while-rendering'} colorScheme="dark">
    <SvcDashboard publicId="sales" session="render-check" filters={{ 'orders.status': { value: 'open' } }} locale="de-DE" path="/p" />
  </SvcProvider>
);

afterEach(() => {
  rendering = false;
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('rendering an embed', () => {
  it('on the server reads no clock and no random number', () => {
    const reads = forbidClockReads(() => true);
    expect(renderToString(embed)).toContain('aria-busy="true"');
    expect(reads).toEqual([]);
  });

  it('on the client (StrictMode, twice) reads no clock and no random number; its effects then start the embed', async () => {
    const reads = forbidClockReads(() => rendering);
    const host = document.body.appendChild(document.createElement('div'));
    const root = createRoot(host);
    await act(async () => {
      root.render(
        <StrictMode>
          <RenderPhase>{embed}</RenderPhase>
        </StrictMode>,
      );
    });
    expect(reads).toEqual([]);
    // The guard is live: the same patch refuses a read from the library while rendering.
    rendering = true;
    expect(() => createEmbedController({ surface: 'dashboard', tenantOrigin: TENANT, embedId: 'probe', publicId: 'sales' }).bridge.send('svc:action:set-color-scheme', { scheme: 'dark' })).toThrow(
      /read during render/,
    );
    rendering = false;
    // Past the render, the effects attached the embed: its iframe is in the page.
    expect(host.querySelector('iframe')).not.toBeNull();
    act(() => root.unmount());
  });

  it('creating a controller (what a render does) reads no clock and sends nothing', () => {
    let creating = true;
    const reads = forbidClockReads(() => creating);
    const controller = createEmbedController({ surface: 'dashboard', tenantOrigin: TENANT, embedId: 'created', publicId: 'sales', colorScheme: 'dark', path: '/p' });
    creating = false;
    expect(reads).toEqual([]);
    expect(controller.getSnapshot().phase).toBe('idle');
    controller.destroy();
  });
});
