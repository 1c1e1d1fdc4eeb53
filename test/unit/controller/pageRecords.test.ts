import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDebugHookSwitch } from '../../../src/controller/createDebugHookSwitch.js';
import { onTabWake } from '../../../src/controller/onTabWake.js';
import { ledgerOf, sessionLedger } from '../../../src/controller/sessionLedger.js';
import { knownSecrets } from '../../../src/credentials/rememberSecret.js';
import { createEmbedRuntime, getDefaultEmbedRuntime } from '../../../src/protocol/index.js';
import type { EmbedBridge } from '../../../src/runtime/createEmbedBridge.js';
import { createSessionLedger, MAX_LEDGER_SESSIONS, sessionLedgerOf } from '../../../src/runtime/createSessionLedger.js';

/**
 * What an embed keeps outside itself: its runtime's ledger of loaded sessions, its listeners for the tab coming
 * back, and its debug hook on the bridge.
 */

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the session ledger', () => {
  it('knows a session once it was loaded, and tells development tools to hide it', () => {
    const ledger = createSessionLedger();
    expect(ledger.has('ledger-session-1')).toBe(false);
    ledger.add('ledger-session-1');
    expect(ledger.has('ledger-session-1')).toBe(true);
    expect(knownSecrets.has('ledger-session-1')).toBe(true);
  });

  it('keeps the latest 10,000 sessions, forgetting the oldest first', () => {
    const ledger = createSessionLedger();
    expect(MAX_LEDGER_SESSIONS).toBe(10_000);
    const ids = Array.from({ length: 10_001 }, (_, index) => `session-${index}`);
    for (const id of ids) ledger.add(id);
    expect(ledger.has(ids[0] as string)).toBe(false);
    expect(ledger.has(ids[1] as string)).toBe(true);
    expect(ledger.has(ids[10_000] as string)).toBe(true);
  });

  it('belongs to one runtime: a session another runtime loaded is new here', () => {
    const [first, second] = [createEmbedRuntime(), createEmbedRuntime()];
    sessionLedgerOf(first).add('session-shared-id');
    expect(sessionLedgerOf(second).has('session-shared-id')).toBe(false);
    expect(ledgerOf({ runtime: second })).toBe(sessionLedgerOf(second));
  });

  it('is the default runtime\'s when an embed names no runtime, as the module object is', () => {
    sessionLedger.add('session-of-the-page');
    expect(sessionLedgerOf(getDefaultEmbedRuntime()).has('session-of-the-page')).toBe(true);
    expect(ledgerOf({})).toBe(sessionLedgerOf(getDefaultEmbedRuntime()));
  });
});

describe('the tab coming back', () => {
  const setVisibility = (state: DocumentVisibilityState) =>
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);

  it('is heard when the tab is shown again, restored from the back-forward cache, or back online', () => {
    setVisibility('visible');
    const wake = vi.fn();
    const stop = onTabWake(wake);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(new Event('pageshow'));
    window.dispatchEvent(new Event('online'));
    expect(wake).toHaveBeenCalledTimes(3);
    stop();
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(new Event('pageshow'));
    window.dispatchEvent(new Event('online'));
    expect(wake).toHaveBeenCalledTimes(3);
  });

  it('is not heard while the tab is hidden (timers stay throttled then), except the network coming back', () => {
    setVisibility('hidden');
    const wake = vi.fn();
    const stop = onTabWake(wake);
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    window.dispatchEvent(new Event('pageshow'));
    expect(wake).not.toHaveBeenCalled();
    // A renewal waiting for the network goes on in a hidden tab too.
    window.dispatchEvent(new Event('online'));
    expect(wake.mock.calls).toEqual([[true]]);
    stop();
  });
});

describe('the debug hook switch', () => {
  /** A bridge that counts the hooks added and removed. */
  function countingBridge() {
    const counts = { added: 0, removed: 0 };
    const bridge = {
      addDebugHook: () => {
        counts.added += 1;
        return () => {
          counts.removed += 1;
        };
      },
    } as unknown as EmbedBridge;
    return { bridge, counts };
  }

  it('adds one hook however often it is switched on, and removes it once', () => {
    const { bridge, counts } = countingBridge();
    const setHook = createDebugHookSwitch(bridge, () => {});
    setHook(() => {});
    setHook(() => {});
    expect(counts).toEqual({ added: 1, removed: 0 });
    setHook(undefined);
    setHook(undefined);
    expect(counts).toEqual({ added: 1, removed: 1 });
    setHook(() => {});
    expect(counts).toEqual({ added: 2, removed: 1 });
  });
});
