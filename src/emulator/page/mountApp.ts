import { isIsoDate } from './bucketTime.js';
import { aggregateRows, sumMeasure } from './aggregateRows.js';
import { createRouter } from './createRouter.js';
import { fitChart } from './fitChart.js';
import { append, type Child, h } from './h.js';
import { fill } from './labels.js';
import type { PageContext } from './PageContext.js';
import { humanize } from './readWidgetConfig.js';
import { entitled, placementShows } from './entitled.js';
import { renderAgentBox } from './renderAgentBox.js';
import { renderAsOf } from './renderAsOf.js';
import { renderViewerBadge } from './renderViewerBadge.js';
import { renderBarChart } from './renderBarChart.js';
import { type AppRoute, appBasePath, resolveAppRoute } from './resolveAppRoute.js';
import type { SurfaceView } from './SurfaceView.js';

/**
 * The creator-mode app surface: a sidebar (home, folders) and pages for home, folders and workbooks. Links
 * are routed in the page (`history.pushState`), each reporting `navigate` and `view` to the host. A
 * workbook has a back button (hidden by `showWorkbookBackButton=false`) and the creator controls the
 * session's settings grant (share, member names, group by cube, chat authoring, the workbook's agent).
 */
export function mountApp(root: HTMLElement, context: PageContext): SurfaceView {
  const { boot } = context;
  const workspace = boot.app ?? { workbooks: [], folders: [] };
  const base = appBasePath(boot.deploymentId);
  const nav = h('nav', { class: 'card nav', 'aria-label': 'App' });
  const main = h('div', { class: 'main', 'data-testid': 'app-main' });
  // The agent box of a workbook holds a conversation: it survives re-renders of that workbook's page.
  const agents = new Map<string, HTMLElement>();
  let routed: ReturnType<typeof createRouter> | null = null;

  const link = (path: string, ...children: Child[]): HTMLAnchorElement =>
    h(
      'a',
      {
        href: path + window.location.search,
        'data-path': path,
        'aria-current': routed?.current() === path ? 'page' : null,
        onClick: (event) => {
          const mouse = event as MouseEvent;
          // Let the browser open a new tab or window as usual; route plain clicks in the page.
          if (mouse.button !== 0 || mouse.metaKey || mouse.ctrlKey || mouse.shiftKey || mouse.altKey) return;
          event.preventDefault();
          routed?.go(path);
        },
      },
      ...children,
    );

  const folderPath = (id: number) => `${base}/folder/${id}`;
  const workbookPath = (id: number) => `${base}/workbook/${id}`;
  const workbookCount = (folderId: number) => workspace.workbooks.filter((workbook) => workbook.folderId === folderId).length;

  const workbookList = (workbooks: typeof workspace.workbooks): HTMLElement =>
    h(
      'ul',
      { class: 'list', 'data-testid': 'workbook-list' },
      ...workbooks.map((workbook) => h('li', null, link(workbookPath(workbook.id), h('div', { class: 'card' }, h('strong', null, workbook.name), h('small', null, `#${workbook.id}`))))),
    );

  const crumbs = (...items: Child[]): HTMLElement => h('div', { class: 'crumbs' }, link(base, context.labels().home), ...items.flatMap((item) => [' / ', item]));

  const workbookPanel = (path: string, workbookId: number): HTMLElement => {
    const { dataset } = boot;
    const measure = dataset.measures.find((name) => name !== 'count') ?? dataset.measures[0] ?? '';
    const sample = dataset.rows[0];
    // Each workbook shows its own breakdown: the workbooks take the category-like dimensions in turn.
    const categories = dataset.dimensions.filter((name) => !isIsoDate(sample?.[name]));
    const index = Math.max(0, workspace.workbooks.findIndex((item) => item.id === workbookId));
    const dimension = categories[index % Math.max(1, categories.length)] ?? dataset.dimensions[0] ?? '';
    const rows = context.rows();
    const groups = aggregateRows(rows, dimension, measure, context.store.get().timeGrain);
    const chartTitle = `${humanize(measure)} by ${humanize(dimension).toLowerCase()}`;
    // The workbook's agent is an AI entitlement of the session (showWorkbookChat, allowAi).
    let agent = agents.get(path);
    if (!agent && entitled(boot, 'showWorkbookChat')) {
      agent = renderAgentBox(context);
      agents.set(path, agent);
    }
    const total = sumMeasure(rows, measure);
    const chart = h('div', { class: 'chart' });
    fitChart(chart, (size) => renderBarChart({ groups, size, label: chartTitle, format: (value, compact) => context.format(value, compact) }));
    return h(
      'div',
      { class: 'main' },
      h(
        'section',
        { class: 'card panel' },
        h(
          'div',
          { class: 'widget-head' },
          h('h2', { class: 'widget-title' }, chartTitle),
          entitled(boot, 'showGroupByCube') && h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'group-by-cube', title: 'Group by cube (not in the emulator)' }, 'Group by cube'),
          h('span', { class: 'widget-total', 'data-testid': 'widget-total', 'data-value': total }, `${context.labels().total} `, h('strong', null, context.format(total))),
        ),
        chart,
      ),
      agent,
    );
  };

  const page = (route: AppRoute, path: string): { title: string; content: Child[] } => {
    const labels = context.labels();
    switch (route.kind) {
      case 'home':
        return {
          title: labels.home,
          content: [
            h('h1', null, labels.home),
            h('h2', { class: 'widget-title' }, labels.folders),
            h(
              'ul',
              { class: 'list', 'data-testid': 'folder-list' },
              ...workspace.folders.map((folder) =>
                h('li', null, link(folderPath(folder.id), h('div', { class: 'card' }, h('strong', null, folder.name), h('small', null, fill(labels.workbookCount, { count: workbookCount(folder.id) }))))),
              ),
            ),
            h('h2', { class: 'widget-title' }, labels.workbooks),
            workbookList(workspace.workbooks),
          ],
        };
      case 'folder':
        return {
          title: route.folder.name,
          content: [crumbs(route.folder.name), h('h1', null, route.folder.name), workbookList(workspace.workbooks.filter((workbook) => workbook.folderId === route.folder.id))],
        };
      case 'workbook': {
        const folder = workspace.folders.find((item) => item.id === route.workbook.folderId);
        return {
          title: route.workbook.name,
          content: [
            crumbs(folder ? link(folderPath(folder.id), folder.name) : null, route.workbook.name),
            h(
              'div',
              { class: 'workbook-head' },
              // The placement switch: the address hides the back button with the exact string `false`.
              placementShows(boot, 'showWorkbookBackButton') && link(folder ? folderPath(folder.id) : base, h('span', { 'data-testid': 'workbook-back' }, '← ', labels.home)),
              h('h1', null, route.workbook.name),
              // Creator-mode entitlements: the session decides.
              entitled(boot, 'showWorkbookShare') && h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'workbook-share', title: 'Share (not in the emulator)' }, 'Share'),
              entitled(boot, 'allowChatWorkspaceAuthoring') &&
                h('button', { class: 'btn btn-ghost', type: 'button', 'data-testid': 'chat-authoring', title: 'Let the chat write to the workspace (not in the emulator)' }, 'Chat may edit'),
            ),
            entitled(boot, 'showMemberNames') && h('p', { class: 'muted', 'data-testid': 'member-names' }, `Members: ${boot.viewer.name}`),
            workbookPanel(path, route.workbook.id),
          ],
        };
      }
      case 'not-found':
        return { title: labels.notFound, content: [h('h1', null, labels.notFound), h('p', null, link(base, labels.backHome))] };
    }
  };

  const render = (path: string): { title: string } => {
    const route = resolveAppRoute(base, path, workspace) ?? { kind: 'not-found' };
    const { title, content } = page(route, path);
    main.dataset.route = route.kind;
    main.dataset.path = path;
    main.replaceChildren();
    append(main, content);
    const labels = context.labels();
    nav.replaceChildren(
      link(base, labels.home),
      h('h2', null, labels.folders),
      ...workspace.folders.map((folder) => link(folderPath(folder.id), folder.name)),
    );
    return { title };
  };

  const router = createRouter({ context, win: window, accepts: (path) => resolveAppRoute(base, path, workspace) !== null, render });
  routed = router;
  root.replaceChildren(
    h(
      'main',
      { class: 'page', 'data-surface': 'app' },
      h('div', { class: 'app-head' }, renderViewerBadge(context), renderAsOf(context, Date.now())),
      h('div', { class: 'app' }, nav, main),
    ),
  );

  return {
    start() {
      router.start(boot.path);
    },
    update(changed) {
      if (changed.has('filters') || changed.has('locale') || changed.has('timeGrain')) router.rerender();
    },
    refresh() {
      router.rerender();
    },
    navigate(path) {
      router.go(path);
    },
  };
}
