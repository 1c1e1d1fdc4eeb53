import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmbedController } from '../../../src/controller/index.js';
import { createControlledSync } from '../../../src/controller/createControlledSync.js';
import type { EmbedBridge } from '../../../src/runtime/createEmbedBridge.js';
import { createEmbedStore } from '../../../src/runtime/createEmbedStore.js';
import { describeEntry } from '../../../src/devtools/describeEntry.js';
import type { EmbedInspectorEntry } from '../../../src/protocol/index.js';
import { inspectorOf } from '../../../src/runtime/createEmbedInspector.js';
import { addHost, destroyControllers, makeController as make } from '../support/controllers.js';
import { testRuntime } from '../support/runtime.js';
import { deliverReady, TENANT } from '../support/frames.js';

/** What the synchroniser does with a value the protocol refuses, here: throws it at the test. */
const rethrow = (error: unknown): never => {
  throw error;
};

/**
 * The time zone is controlled like the locale: the first value rides in the address, each change is one
 * `svc:action:set-timezone` (queued before `ready`, latest value kept), and a new `ready` gets it again.
 */

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  destroyControllers();
  warn.mockRestore();
});

function posts(controller: EmbedController) {
  const win = controller.iframe?.contentWindow as Window;
  const posted = vi.spyOn(win, 'postMessage').mockImplementation(() => {});
  const sent = () => posted.mock.calls.map(([message]) => [(message as { type: string }).type, (message as { payload: unknown }).payload]);
  return { win, sent };
}

describe('the controlled time zone', () => {
  it('goes into the address at load and is not sent again as an action', () => {
    const controller = make({ timezone: 'America/New_York', locale: 'de-DE' });
    controller.attach(addHost());
    expect(controller.iframe?.src).toBe(`${TENANT}/embed/dashboard/sales?locale=de-DE&timezone=America%2FNew_York`);
    const { win, sent } = posts(controller);
    deliverReady(win);
    expect(sent()).toEqual([]);
  });

  it('queues changes before ready, keeps only the latest, and sends it after ready', () => {
    const controller = make({ timezone: 'UTC' });
    controller.attach(addHost());
    const { win, sent } = posts(controller);
    controller.update({ timezone: 'Europe/Berlin' });
    controller.update({ timezone: 'Asia/Tokyo' });
    expect(sent()).toEqual([]);
    deliverReady(win);
    expect(sent()).toEqual([['svc:action:set-timezone', { timezone: 'Asia/Tokyo' }]]);
    controller.update({ timezone: 'Asia/Tokyo' });
    expect(sent()).toHaveLength(1);
    controller.update({ timezone: 'UTC' });
    expect(sent().at(-1)).toEqual(['svc:action:set-timezone', { timezone: 'UTC' }]);
  });

  it('is sent again after a new ready (the document reloaded and lost it)', () => {
    const controller = make({ timezone: 'UTC' });
    controller.attach(addHost());
    const { win, sent } = posts(controller);
    const iframe = controller.iframe as HTMLIFrameElement;
    iframe.dispatchEvent(new Event('load'));
    deliverReady(win);
    controller.update({ timezone: 'Asia/Kolkata' });
    iframe.dispatchEvent(new Event('load'));
    deliverReady(win);
    expect(sent()).toEqual([
      ['svc:action:set-timezone', { timezone: 'Asia/Kolkata' }],
      ['svc:action:set-timezone', { timezone: 'Asia/Kolkata' }],
    ]);
  });

  it('refuses a malformed zone when the embed is created, with its code: the embed starts failed, nothing is thrown', () => {
    const controller = make({ timezone: 'New York' });
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC121', message: expect.stringMatching(/^SVC121 timezone "New York"/) } });
    controller.attach(addHost());
    expect(controller.getSnapshot()).toMatchObject({ phase: 'error', error: { code: 'SVC121' } });
    expect(controller.iframe).toBeNull();
  });
});

describe('the time zone synchroniser', () => {
  function syncOf(timezone?: string) {
    const sent: Array<[string, unknown]> = [];
    const bridge = { send: (type: string, payload: unknown) => sent.push([type, payload]), store: createEmbedStore('e', 'chat') } as unknown as EmbedBridge;
    const sync = createControlledSync(bridge, timezone === undefined ? {} : { timezone }, rethrow);
    return { sync, take: () => sent.splice(0) };
  }

  it('sends changes only, everything again on reapply and after forget', () => {
    const { sync, take } = syncOf('UTC');
    expect(take()).toEqual([]);
    sync.update({ timezone: 'UTC' });
    expect(take()).toEqual([]);
    sync.update({ timezone: 'Europe/Paris' });
    expect(take()).toEqual([['svc:action:set-timezone', { timezone: 'Europe/Paris' }]]);
    sync.reapply({ timezone: 'Europe/Paris' });
    expect(take()).toEqual([['svc:action:set-timezone', { timezone: 'Europe/Paris' }]]);
    sync.forget();
    sync.update({ timezone: 'Europe/Paris' });
    expect(take()).toEqual([['svc:action:set-timezone', { timezone: 'Europe/Paris' }]]);
    // Leaving the prop out later sends nothing: the embed keeps the zone it has.
    sync.update({});
    expect(take()).toEqual([]);
  });

  it('warns once per value the platform will ignore, and still sends it (the embed falls through)', () => {
    const { sync, take } = syncOf();
    sync.update({ timezone: '-03:00' });
    sync.update({ timezone: 'Europe/Paris' });
    sync.update({ timezone: '-03:00' });
    expect(take().map(([, payload]) => payload)).toEqual([{ timezone: '-03:00' }, { timezone: 'Europe/Paris' }, { timezone: '-03:00' }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^SVC122 timezone: the platform ignores "-03:00"/);
  });
});

describe('the inspector', () => {
  it('shows the time zone action as a row: queued before ready, flushed after it, sent on a change', () => {
    const entries: EmbedInspectorEntry[] = [];
    // The controllers of these tests live in the test's own runtime: its inspector sees them.
    const stop = inspectorOf(testRuntime()).subscribe((entry) => entries.push(entry));
    try {
      const controller = make({ timezone: 'UTC' });
      controller.attach(addHost());
      const { win } = posts(controller);
      controller.update({ timezone: 'Asia/Tokyo' });
      deliverReady(win);
      controller.update({ timezone: 'Europe/Oslo' });
      const rows = entries
        .filter((entry) => entry.kind.startsWith('action-'))
        .map((entry) => ({ kind: entry.kind, ...describeEntry(entry) }));
      expect(rows).toEqual([
        { kind: 'action-queued', title: 'svc:action:set-timezone', detail: '{"timezone":"Asia/Tokyo"}' },
        { kind: 'action-flushed', title: 'svc:action:set-timezone', detail: '{"timezone":"Asia/Tokyo"}' },
        { kind: 'action-sent', title: 'svc:action:set-timezone', detail: '{"timezone":"Europe/Oslo"}' },
      ]);
    } finally {
      stop();
    }
  });
});
