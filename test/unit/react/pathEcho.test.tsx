import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SvcApp } from '../../../src/index.js';
import { emit, frameOf, ready, renderStrict, TENANT } from './harness.js';

const HOME = '/embed/d/42/app';
// Each test loads its own session: the host never loads one session twice.

/** An app that mirrors the path its embed reports into the controlled `path` prop, as the Controlled props docs page shows. */
function MirroringApp({ via, session }: { via: 'onView' | 'onNavigate'; session: string }) {
  const [path, setPath] = useState(HOME);
  const mirror = (payload: { path: string }) => setPath(payload.path);
  return <SvcApp tenantOrigin={TENANT} deploymentId={42} session={session} path={path} {...{ [via]: mirror }} />;
}

const navigations = (actions: () => { type: string; payload: unknown }[]) =>
  actions()
    .filter((action) => action.type === 'svc:action:navigate')
    .map((action) => action.payload);

describe('the controlled path is never echoed back to the embed', () => {
  it('when the app mirrors the path of a view event', () => {
    renderStrict(<MirroringApp via="onView" session="echo-view" />);
    const { win, actions } = frameOf();
    ready(win, 'app');
    expect(navigations(actions)).toEqual([{ path: HOME }]);
    // The viewer opened a workbook inside the embed; the embed reports it with a view only.
    emit(win, 'svc:event:view', { surface: 'app', path: `${HOME}/workbook/130`, title: 'Orders' }, 'app');
    emit(win, 'svc:event:view', { surface: 'app', path: `${HOME}/folder/7` }, 'app');
    expect(navigations(actions)).toEqual([{ path: HOME }]);
  });

  it('when the app mirrors the path of a navigate event', () => {
    renderStrict(<MirroringApp via="onNavigate" session="echo-navigate" />);
    const { win, actions } = frameOf();
    ready(win, 'app');
    emit(win, 'svc:event:navigate', { path: `${HOME}/workbook/130`, previousPath: HOME }, 'app');
    expect(navigations(actions)).toEqual([{ path: HOME }]);
  });

  it('but a path the app chooses after the embed reported another is sent', () => {
    const { rerender } = renderStrict(<SvcApp tenantOrigin={TENANT} deploymentId={42} session="echo-chosen" path={HOME} />);
    const { win, actions } = frameOf();
    ready(win, 'app');
    emit(win, 'svc:event:view', { surface: 'app', path: `${HOME}/workbook/130` }, 'app');
    rerender(<SvcApp tenantOrigin={TENANT} deploymentId={42} session="echo-chosen" path={`${HOME}/folder/7`} />);
    expect(navigations(actions)).toEqual([{ path: HOME }, { path: `${HOME}/folder/7` }]);
  });
});
