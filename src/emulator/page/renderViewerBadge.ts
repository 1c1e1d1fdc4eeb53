import { h } from './h.js';
import type { PageContext } from './PageContext.js';

/**
 * Who the embed shows as signed in, as a signed session describes them: the profile's picture (an absolute
 * http(s) address from generate-session, loaded without a referrer so the embed's address never travels
 * with it) and the deployment branch the session's queries run against. Nothing in private mode.
 */
export function renderViewerBadge(context: PageContext): HTMLElement | null {
  const grants = context.boot.grants;
  if (!grants) return null;
  const picture = grants.userProfile?.picture ?? null;
  return h(
    'span',
    { class: 'viewer-badge', 'data-testid': 'viewer-badge' },
    picture === null ? null : h('img', { class: 'avatar', 'data-testid': 'viewer-picture', src: picture, alt: '', width: 24, height: 24, referrerpolicy: 'no-referrer' }),
    h('span', { 'data-testid': 'viewer-name' }, grants.viewer.name),
    h('span', { class: 'badge', 'data-testid': 'branch', 'data-branch': grants.branchName, title: 'Deployment branch' }, grants.branchName),
  );
}
