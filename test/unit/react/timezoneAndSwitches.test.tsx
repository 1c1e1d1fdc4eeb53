import { describe, expect, it, vi } from 'vitest';
import { SvcApp, SvcChat, type SvcChatProps, SvcDashboard, type SvcEmbedHandle, SvcProvider } from '../../../src/index.js';
import { frameOf, ready, renderFailure, renderStrict, TENANT } from './harness.js';

describe('the timezone prop', () => {
  it('rides in the address at load, then goes as svc:action:set-timezone after ready, only when it changes', () => {
    const { rerender } = renderStrict(<SvcChat tenantOrigin={TENANT} timezone="America/New_York" />);
    const { iframe, win, actions } = frameOf();
    expect(new URL(iframe.src).searchParams.get('timezone')).toBe('America/New_York');
    rerender(<SvcChat tenantOrigin={TENANT} timezone="Europe/Berlin" />);
    rerender(<SvcChat tenantOrigin={TENANT} timezone="Asia/Tokyo" />);
    expect(actions()).toEqual([]);
    ready(win);
    // Queued before ready, latest value kept; never a new address.
    expect(actions()).toEqual([{ type: 'svc:action:set-timezone', payload: { timezone: 'Asia/Tokyo' }, target: TENANT }]);
    rerender(<SvcChat tenantOrigin={TENANT} timezone="Asia/Tokyo" />);
    expect(actions()).toHaveLength(1);
    expect(frameOf().iframe).toBe(iframe);
    expect(new URL(iframe.src).searchParams.get('timezone')).toBe('America/New_York');
    // A new ready (the document reloaded) gets the current zone again.
    ready(win);
    expect(actions().at(-1)).toEqual({ type: 'svc:action:set-timezone', payload: { timezone: 'Asia/Tokyo' }, target: TENANT });
  });

  it('comes from the provider when the embed has none, and the embed own prop wins', () => {
    const { rerender } = renderStrict(
      <SvcProvider tenantOrigin={TENANT} timezone="Europe/Madrid">
        <SvcDashboard publicId="sales" embedId="a" />
        <SvcApp deploymentId={7} session="s-provider" embedId="b" timezone="Asia/Kolkata" />
      </SvcProvider>,
    );
    expect(new URL(frameOf('a').iframe.src).searchParams.get('timezone')).toBe('Europe/Madrid');
    expect(new URL(frameOf('b').iframe.src).searchParams.get('timezone')).toBe('Asia/Kolkata');
    const a = frameOf('a');
    ready(a.win);
    rerender(
      <SvcProvider tenantOrigin={TENANT} timezone="Europe/Lisbon">
        <SvcDashboard publicId="sales" embedId="a" />
        <SvcApp deploymentId={7} session="s-provider" embedId="b" timezone="Asia/Kolkata" />
      </SvcProvider>,
    );
    expect(a.actions()).toEqual([{ type: 'svc:action:set-timezone', payload: { timezone: 'Europe/Lisbon' }, target: TENANT }]);
  });

  it('refuses a malformed zone, naming the component and the prop, in that embed only', () => {
    const { shown, reported, appShown } = renderFailure(<SvcChat tenantOrigin={TENANT} timezone="Central European Time" />);
    expect(appShown).toBe(true);
    expect(shown).toMatchObject({ code: 'SVC121', message: expect.stringMatching(/^SVC121 <SvcChat> prop "timezone": "Central European Time"/) });
    expect(reported).toEqual([shown]);
  });

  it('warns once in development about a zone the platform will ignore, naming the component', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = renderStrict(<SvcDashboard tenantOrigin={TENANT} publicId="sales" timezone="+05:30" />);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" timezone="+05:30" />);
    rerender(<SvcDashboard tenantOrigin={TENANT} publicId="sales" timezone="Asia/Kolkata" />);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^SVC122 <SvcDashboard> prop "timezone": the platform ignores "\+05:30"/);
  });
});

describe('the imperative handle', () => {
  it('sets the time zone with setTimezone, checked like the prop', () => {
    let handle: SvcEmbedHandle | null = null;
    renderStrict(<SvcChat ref={(h) => { handle = h; }} tenantOrigin={TENANT} embedId="tz-handle" />);
    const h = handle as unknown as SvcEmbedHandle;
    const { win, actions } = frameOf();
    ready(win);
    h.setTimezone('Pacific/Auckland');
    expect(actions()).toEqual([{ type: 'svc:action:set-timezone', payload: { timezone: 'Pacific/Auckland' }, target: TENANT }]);
    expect(() => h.setTimezone('New Zealand')).toThrow(/SVC141.*payload\.timezone/);
  });
});

describe('placement switches', () => {
  it('write the exact literal of each surface into the address, and nothing for a default', () => {
    renderStrict(
      <>
        <SvcDashboard
          tenantOrigin={TENANT}
          publicId="sales"
          embedId="d"
          showDashboardBackButton={false}
          showDashboardEditButton={false}
          showDashboardDuplicateButton={false}
          showDashboardTitle
          params={{ campaign: 'q3' }}
        />
        <SvcApp tenantOrigin={TENANT} deploymentId={42} session="s-switches" embedId="a" showWorkbookBackButton={false} />
        <SvcChat tenantOrigin={TENANT} embedId="c" showChatHistory={false} showNewChat />
      </>,
    );
    expect(frameOf('d').iframe.src).toBe(
      `${TENANT}/embed/dashboard/sales?campaign=q3&showDashboardBackButton=false&showDashboardEditButton=false&showDashboardDuplicateButton=false`,
    );
    expect(frameOf('a').iframe.src).toBe(`${TENANT}/embed/d/42/app?session=s-switches&showWorkbookBackButton=false`);
    expect(frameOf('c').iframe.src).toBe(`${TENANT}/embed/chat?showChatHistory=false`);
  });

  it('refuses, at run time too, a switch of another surface passed past the types: that embed fails, the page stays', () => {
    const props = { tenantOrigin: TENANT, showDashboardHeader: false } as unknown as SvcChatProps;
    const { shown, reported, printed, appShown } = renderFailure(<SvcChat {...props} />);
    expect(appShown).toBe(true);
    expect(shown).toMatchObject({ code: 'SVC116', message: expect.stringMatching(/^SVC116 <SvcChat> showDashboardHeader applies to the dashboard surface only/) });
    expect(reported).toEqual([shown]);
    expect(printed).toEqual([expect.stringMatching(/^SVC116 <SvcChat> showDashboardHeader applies to the dashboard surface only/)]);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
