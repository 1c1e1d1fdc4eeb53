import { act, cleanup, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SvcChat, SvcDashboard } from '../../../src/index.js';
import { mockSvcTenant, restoreAllSvcTenants } from '../../../src/testing/index.js';
import { TENANT } from '../support/frames.js';


afterEach(() => {
  restoreAllSvcTenants();
  cleanup();
});

describe('mockSvcTenant with the React components', () => {
  it('drives <SvcDashboard>: ready reaches onReady, prop changes arrive as actions for the tenant origin only', async () => {
    const onReady = vi.fn();
    const onDownload = vi.fn();
    const view = (scheme: 'light' | 'dark', region: string) => (
      <StrictMode>
        <SvcDashboard
          tenantOrigin={TENANT}
          publicId="sales-overview"
          session="session-1"
          colorScheme={scheme}
          filters={{ 'orders.region': { value: region } }}
          onReady={onReady}
          onDownload={onDownload}
          loading={<p>Loading…</p>}
        />
      </StrictMode>
    );
    const { rerender, queryByText } = render(view('light', 'EU'));
    const tenant = mockSvcTenant({ act });
    expect(tenant.surface).toBe('dashboard');
    expect(queryByText('Loading…')).not.toBeNull();

    tenant.ready();
    expect(onReady).toHaveBeenCalledWith(
      { embedTenant: null, deploymentId: null, mode: 'signed', surface: 'dashboard', publicId: 'sales-overview' },
      expect.objectContaining({ type: 'svc:event:ready' }),
    );
    // Shown once the embed had time to apply the flushed colour scheme (the reveal rule).
    await waitFor(() => expect(queryByText('Loading…')).toBeNull());
    // The colour scheme waits in the host's queue until ready, then arrives first.
    expect((await tenant.waitForAction('svc:action:set-color-scheme')).payload).toEqual({ scheme: 'light' });

    rerender(view('dark', 'US'));
    const scheme = await tenant.waitForAction('svc:action:set-color-scheme');
    expect(scheme.payload).toEqual({ scheme: 'dark' });
    const filter = await tenant.waitForAction('svc:action:set-filter');
    expect(filter.payload).toEqual({ filterUrlParameter: 'f_orders.region={"value":"US"}' });
    for (const action of tenant.actions) {
      expect(action.valid).toBe(true);
      expect(action.targetOrigin).toBe(TENANT);
    }

    tenant.emit('svc:event:download', { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 4 });
    expect(onDownload).toHaveBeenCalledWith(
      { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 4 },
      expect.objectContaining({ surface: 'dashboard' }),
    );
  });

  it('finds the right embed by embedId among several, and reads the chat surface from its address', () => {
    const onChatReady = vi.fn();
    const onDashboardReady = vi.fn();
    render(
      <>
        <SvcDashboard tenantOrigin={TENANT} publicId="a" embedId="board" onReady={onDashboardReady} />
        <SvcChat tenantOrigin={TENANT} embedId="assistant" onReady={onChatReady} />
      </>,
    );
    const chat = mockSvcTenant({ embedId: 'assistant', act });
    expect(chat.surface).toBe('chat');
    chat.ready();
    expect(onChatReady).toHaveBeenCalledWith(expect.objectContaining({ surface: 'chat', mode: 'private' }), expect.anything());
    expect(onDashboardReady).not.toHaveBeenCalled();
  });

  it('shows the component error fallback on a fatal error event', () => {
    const { queryByText } = render(
      <SvcDashboard tenantOrigin={TENANT} publicId="a" errorFallback={(error) => <p>Failed: {error.message}</p>} />,
    );
    const tenant = mockSvcTenant({ act });
    tenant.emit('svc:event:error', { message: 'The embed session was already used.', fatal: true });
    expect(queryByText('Failed: The embed session was already used.')).not.toBeNull();
  });
});
