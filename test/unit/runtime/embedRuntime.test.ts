import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbedController } from '../../../src/controller/index.js';
import { keepAlive, keepAliveIn, parkingOf, preloadEmbed, shownEmbeds } from '../../../src/keepAlive/index.js';
import {
  createEmbedBridge,
  createEmbedRuntime,
  embedInspector,
  type EmbedInspectorEntry,
  embedRegistry,
  getDefaultEmbedRuntime,
} from '../../../src/protocol/index.js';
import { inspectorOf } from '../../../src/runtime/createEmbedInspector.js';
import { createListeners } from '../../../src/runtime/createListeners.js';
import { sessionLedgerOf } from '../../../src/runtime/createSessionLedger.js';
import { pageSecrets } from '../../../src/credentials/pageSecrets.js';
import { redactShownText } from '../../../src/credentials/redactShownText.js';
import { addFrame, TENANT } from '../support/frames.js';

const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** A connected dashboard bridge named `embedId` in `runtime` (the default one when omitted). */
function connected(embedId: string, runtime?: ReturnType<typeof createEmbedRuntime>) {
  const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, embedId, runtime });
  cleanups.push(() => bridge.destroy());
  cleanups.push(bridge.connect(addFrame()));
  return bridge;
}

describe('a runtime of its own', () => {
  it('keeps its embeds apart: the same embedId connects in two runtimes, each registry sees only its own', () => {
    const [left, right] = [createEmbedRuntime(), createEmbedRuntime()];
    const inLeft = connected('sales', left);
    const inRight = connected('sales', right);
    expect(left.registry.get('sales')).toBe(inLeft);
    expect(right.registry.get('sales')).toBe(inRight);
    expect(embedRegistry.get('sales')).toBeUndefined();
    // Within one runtime the id is still taken.
    expect(() => connected('sales', left)).toThrow(expect.objectContaining({ code: 'SVC204' }));
  });

  it('hands its embeds\' inspector entries to its own listeners only', () => {
    const runtime = createEmbedRuntime();
    const own = vi.fn<(entry: EmbedInspectorEntry) => void>();
    const page = vi.fn<(entry: EmbedInspectorEntry) => void>();
    cleanups.push(inspectorOf(runtime).subscribe(own), embedInspector.subscribe(page));
    connected('inspected', runtime).send('svc:action:refresh');
    expect(own).toHaveBeenCalledWith(expect.objectContaining({ kind: 'action-queued', embedId: 'inspected' }));
    expect(page).not.toHaveBeenCalled();
    expect(inspectorOf(runtime).active).toBe(true);
    expect(inspectorOf(getDefaultEmbedRuntime()).active).toBe(true);
  });

  it('numbers the embeds it names itself from 1, whatever other runtimes made', () => {
    const runtime = createEmbedRuntime();
    createEmbedBridge({ surface: 'chat', tenantOrigin: TENANT });
    expect(createEmbedBridge({ surface: 'chat', tenantOrigin: TENANT, runtime }).embedId).toBe('svc-embed-1');
    expect(createEmbedBridge({ surface: 'chat', tenantOrigin: TENANT, runtime }).embedId).toBe('svc-embed-2');
  });

  it('makes each part once, on first use', () => {
    const runtime = createEmbedRuntime();
    const create = vi.fn(() => ({}));
    expect(runtime.getPart('heldActions', create)).toBe(runtime.getPart('heldActions', create));
    expect(create).toHaveBeenCalledTimes(1);
    expect(createEmbedRuntime().getPart('heldActions', create)).not.toBe(runtime.getPart('heldActions', create));
  });

  it('remembers the sessions it loads in the page\'s secrets: a secret one runtime loaded is hidden everywhere', () => {
    sessionLedgerOf(createEmbedRuntime()).add('shared-secret-session');
    expect(pageSecrets().has('shared-secret-session')).toBe(true);
    expect(redactShownText('echo shared-secret-session')).toBe('echo [redacted]');
  });
});

describe('the controller given a runtime', () => {
  it('joins that runtime\'s registry and parks there, and its sessions go to that runtime\'s ledger', async () => {
    const runtime = createEmbedRuntime();
    const controller = createEmbedController({ surface: 'dashboard', tenantOrigin: TENANT, embedId: 'ctl', publicId: 'sales', session: 'runtime-session-1', runtime, keepAlive });
    cleanups.push(() => controller.destroy());
    controller.attach(document.body.appendChild(document.createElement('div')));
    expect(runtime.registry.get('ctl')).toBe(controller.bridge);
    expect(getDefaultEmbedRuntime().registry.get('ctl')).toBeUndefined();
    expect(sessionLedgerOf(runtime).has('runtime-session-1')).toBe(true);
    expect(sessionLedgerOf(getDefaultEmbedRuntime()).has('runtime-session-1')).toBe(false);
    controller.park();
    expect(shownEmbeds(runtime, runtime.registry.getSnapshot())).toEqual([]);
  });
});

describe('the default runtime', () => {
  it('is one per page, kept on the global object: a second copy of the package finds the same one', async () => {
    const first = getDefaultEmbedRuntime();
    vi.resetModules();
    const copy = await import('../../../src/runtime/defaultEmbedRuntime.js');
    expect(copy.getDefaultEmbedRuntime()).toBe(first);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('svc-embed-react.runtime.v2')]).toBe(first);
  });

  it('is what the module objects read and write', () => {
    const bridge = connected('default-embed');
    expect(getDefaultEmbedRuntime().registry.get('default-embed')).toBe(bridge);
    expect(embedRegistry.getSnapshot()).toBe(getDefaultEmbedRuntime().registry.getSnapshot());
  });
});

describe('keep-alive in a runtime', () => {
  it('parks preloads in the runtime\'s own lot, bounded by that lot\'s settings', async () => {
    const runtime = createEmbedRuntime();
    parkingOf(runtime).configure({ maxParked: 1 });
    const cancel = preloadEmbed({ surface: 'chat', tenantOrigin: TENANT, embedId: 'pre', runtime });
    cleanups.push(cancel, () => parkingOf(runtime).clear());
    expect(parkingOf(runtime).size).toBe(1);
    expect(parkingOf(getDefaultEmbedRuntime()).size).toBe(0);
    preloadEmbed({ surface: 'chat', tenantOrigin: TENANT, embedId: 'pre-2', runtime });
    expect(parkingOf(runtime).size).toBe(1);
  });

  it('is one value per runtime, and the default runtime\'s is keepAlive itself', () => {
    const runtime = createEmbedRuntime();
    expect(keepAliveIn(runtime)).toBe(keepAliveIn(runtime));
    expect(keepAliveIn(runtime).parking).toBe(parkingOf(runtime));
    expect(keepAliveIn(getDefaultEmbedRuntime())).toBe(keepAlive);
  });
});

describe('a listener set', () => {
  it('calls every listener once per emit, the others even when one throws, and stops a removed one', () => {
    vi.stubGlobal('reportError', vi.fn());
    const changes = createListeners<[number]>();
    const heard: number[] = [];
    const failing = () => {
      throw new Error('listener failed');
    };
    changes.add(failing);
    const stop = changes.add((value) => heard.push(value));
    changes.add((value) => heard.push(value * 10));
    changes.emit(1);
    expect(heard).toEqual([1, 10]);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'listener failed' }));
    stop();
    changes.emit(2);
    expect(heard).toEqual([1, 10, 20]);
    expect(changes.size).toBe(2);
    vi.unstubAllGlobals();
  });
});
