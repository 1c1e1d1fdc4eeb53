import type { EmulatorBootConfig } from '../EmulatorBootConfig.js';

type Workspace = NonNullable<EmulatorBootConfig['app']>;
type Workbook = Workspace['workbooks'][number];
type Folder = Workspace['folders'][number];

/** A page of the creator-mode app. */
export type AppRoute =
  | { readonly kind: 'home' }
  | { readonly kind: 'folder'; readonly folder: Folder }
  | { readonly kind: 'workbook'; readonly workbook: Workbook }
  | { readonly kind: 'not-found' };

/** The app's root path for a deployment: `/embed/d/42/app`. */
export function appBasePath(deploymentId: number | null): string {
  return `/embed/d/${deploymentId ?? 0}/app`;
}

/**
 * Which app page a path shows: `{base}` is home, `{base}/folder/{id}` a folder, `{base}/workbook/{id}` a
 * workbook; any other path under `{base}` is a not-found page. Paths outside `{base}` are not app pages
 * (`null`).
 *
 * @example
 * resolveAppRoute('/embed/d/42/app', '/embed/d/42/app/workbook/130', workspace); // { kind: 'workbook', ... }
 */
export function resolveAppRoute(base: string, path: string, workspace: Workspace): AppRoute | null {
  if (path === base) return { kind: 'home' };
  if (!path.startsWith(`${base}/`)) return null;
  const match = /^(folder|workbook)\/(\d{1,15})$/.exec(path.slice(base.length + 1));
  if (!match) return { kind: 'not-found' };
  const id = Number(match[2]);
  if (match[1] === 'folder') {
    const folder = workspace.folders.find((item) => item.id === id);
    return folder ? { kind: 'folder', folder } : { kind: 'not-found' };
  }
  const workbook = workspace.workbooks.find((item) => item.id === id);
  return workbook ? { kind: 'workbook', workbook } : { kind: 'not-found' };
}
