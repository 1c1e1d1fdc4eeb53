import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcDevtools } from '../../../src/devtools/index.js';
import { createEmbedBridge, embedInspector, type EmbedInspectorEntry } from '../../../src/protocol/index.js';
import { addFrame, deliverReady, TENANT } from '../support/frames.js';


afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const lifecycle = (embedId: string, phase: string, detail?: string): EmbedInspectorEntry => ({ kind: 'lifecycle', embedId, at: Date.now(), phase, detail });

function renderPanel(props: Parameters<typeof SvcDevtools>[0] = {}) {
  return render(
    <StrictMode>
      <SvcDevtools defaultOpen {...props} />
    </StrictMode>,
  );
}

const timelineRows = () => within(screen.getByRole('list', { name: 'Timeline, newest first' })).queryAllByRole('listitem');
const rowTitles = () => timelineRows().map((row) => row.getAttribute('data-title'));

describe('<SvcDevtools>', () => {
  it('shows every connected embed with its live status, and the bridge traffic in the timeline', async () => {
    renderPanel();
    const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, embedId: 'sales' });
    const iframe = addFrame();
    const post = vi.spyOn(iframe.contentWindow as Window, 'postMessage').mockImplementation(() => {});
    let disconnect = () => {};
    act(() => {
      disconnect = bridge.connect(iframe);
    });
    const embeds = screen.getByRole('list', { name: 'Embeds on this page' });
    expect(within(embeds).getByText('sales')).toBeTruthy();
    expect(embeds.querySelector('[data-status]')?.textContent).toBe('loading');

    act(() => bridge.send('svc:action:set-color-scheme', { scheme: 'dark' }));
    act(() => deliverReady(iframe.contentWindow));
    act(() => deliverReady(iframe.contentWindow, 'https://evil.example.com'));
    expect(post).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(rowTitles()).toEqual([
        'wrong-origin',
        'svc:event:ready',
        'svc:action:set-color-scheme',
        'svc:action:set-color-scheme',
      ]),
    );
    expect(timelineRows().map((row) => row.getAttribute('data-kind'))).toEqual(['dropped', 'event', 'action-flushed', 'action-queued']);
    expect(embeds.querySelector('[data-status]')?.textContent).toBe('ready');
    act(() => disconnect());
    expect(screen.getByText('No embed is connected.')).toBeTruthy();
    bridge.destroy();
  });

  it('filters by embed, by kind and by text', async () => {
    renderPanel();
    act(() => {
      embedInspector.emit(lifecycle('sales', 'session-requested'));
      embedInspector.emit(lifecycle('sales', 'loading', 'https://acme.example.com/embed/dashboard/p?session=SECRET-1'));
      embedInspector.emit(lifecycle('chat', 'revealed'));
      embedInspector.emit({ kind: 'dropped', embedId: 'chat', at: Date.now(), report: { reason: 'bad-payload', detail: 'payload.path: expected a string', embedId: 'chat' } });
    });
    await waitFor(() => expect(timelineRows()).toHaveLength(4));
    // Credentials never reach the screen.
    expect(document.body.textContent).not.toContain('SECRET-1');
    expect(document.body.textContent).toContain('session=[redacted]');

    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by embed' }), { target: { value: 'chat' } });
    expect(rowTitles()).toEqual(['bad-payload', 'revealed']);
    fireEvent.click(screen.getByRole('button', { name: 'dropped', pressed: true }));
    expect(screen.getByRole('button', { name: 'dropped', pressed: false })).toBeTruthy();
    expect(rowTitles()).toEqual(['revealed']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by embed' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter by text' }), { target: { value: 'LOAD' } });
    expect(rowTitles()).toEqual(['loading']);
    expect(screen.getByRole('status').textContent).toContain('1 of 4 entries shown');
  });

  it('shows a message from another origin as a neutral foreign entry, and a real drop as a drop', async () => {
    renderPanel();
    act(() => {
      // What a docs site or the app's own scripts post on the page: not the embed's, ignored as it should be.
      embedInspector.emit({
        kind: 'dropped',
        embedId: 'sales',
        at: Date.now(),
        report: { reason: 'wrong-origin', detail: 'not the tenant origin', origin: 'http://localhost:6006', embedId: 'sales', data: { type: 'docs:ping' } },
      });
      embedInspector.emit({ kind: 'dropped', embedId: 'sales', at: Date.now(), report: { reason: 'bad-payload', detail: 'payload.path: expected a string', embedId: 'sales' } });
    });
    await waitFor(() => expect(timelineRows()).toHaveLength(2));
    const [drop, foreign] = timelineRows();
    expect(foreign?.hasAttribute('data-foreign')).toBe(true);
    expect(drop?.hasAttribute('data-foreign')).toBe(false);
    const label = (row: HTMLElement | undefined) => [...(row?.querySelectorAll('span') ?? [])].find((span) => ['foreign', 'dropped'].includes(span.textContent ?? ''));
    expect(label(foreign)?.textContent).toBe('foreign');
    expect(label(drop)?.textContent).toBe('dropped');
    // The drop keeps its warning colour; the foreign message is in the panel's muted text colour.
    expect(label(drop)?.style.color).toBe('rgb(255, 158, 158)');
    expect(label(foreign)?.style.color).toBe('rgb(185, 192, 207)');
  });

  it(`keeps at most maxEntries entries`, async () => {
    renderPanel({ maxEntries: 3 });
    act(() => {
      for (let n = 1; n <= 10; n++) embedInspector.emit(lifecycle('sales', `phase-${n}`));
    });
    await waitFor(() => expect(rowTitles()).toEqual(['phase-10', 'phase-9', 'phase-8']));
  });

  it('copies an entry as redacted JSON with the Clipboard API', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPanel();
    act(() => embedInspector.emit(lifecycle('sales', 'loading', '/embed/chat?sessionId=SECRET-2')));
    const copy = await screen.findByRole('button', { name: 'Copy entry 1 as JSON' });
    fireEvent.click(copy);
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const copied = JSON.parse(writeText.mock.calls[0]?.[0] ?? '') as Record<string, unknown>;
    expect(copied).toMatchObject({ kind: 'lifecycle', embedId: 'sales', phase: 'loading', detail: '/embed/chat?sessionId=[redacted]' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Copied entry 1 as JSON'));
  });

  it('falls back to a selected textarea when the Clipboard API is missing or refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('not allowed')) } });
    let copied = '';
    const execCommand = vi.fn((command: string) => {
      copied = document.querySelector('textarea')?.value ?? '';
      return command === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPanel();
    act(() => embedInspector.emit(lifecycle('sales', 'parked')));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy entry 1 as JSON' }));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith('copy'));
    expect(JSON.parse(copied)).toMatchObject({ phase: 'parked' });
    // The helper textarea is gone again.
    expect(document.querySelector('textarea')).toBeNull();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Copied entry 1'));
  });

  it('collapses to one labelled button and keeps recording while collapsed', async () => {
    renderPanel({ defaultOpen: false });
    const toggle = screen.getByRole('button', { name: 'Show SVC devtools' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Timeline, newest first' })).toBeNull();
    act(() => embedInspector.emit(lifecycle('sales', 'revealed')));
    await waitFor(() => expect(screen.getByText(/1 entry/)).toBeTruthy());
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide SVC devtools' }).getAttribute('aria-expanded')).toBe('true');
    expect(rowTitles()).toEqual(['revealed']);
  });

  it('sits in the corner it is given, or in the page flow', () => {
    const { unmount } = renderPanel({ position: 'top-left' });
    const panel = screen.getByRole('region', { name: 'SVC embed devtools' });
    expect(panel.style.position).toBe('fixed');
    expect([panel.style.top, panel.style.left]).toEqual(['12px', '12px']);
    unmount();
    renderPanel({ position: 'inline' });
    expect(screen.getByRole('region', { name: 'SVC embed devtools' }).style.position).toBe('');
  });

  it('stops listening when unmounted, so the bridges stop building entries', () => {
    const { unmount } = renderPanel();
    expect(embedInspector.active).toBe(true);
    unmount();
    expect(embedInspector.active).toBe(false);
  });
});
