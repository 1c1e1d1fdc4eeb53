import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import remarkGfm from 'remark-gfm';
import type { Plugin } from 'vite';
import { buildDocsSearchIndex } from './docsSearchIndex.js';
import { handlePlatformRoute } from './platformRoutes.js';
import { playgroundTenants } from './playgroundTenants.mjs';

/**
 * The playground. Stories embed the local tenant emulator whose address `npm start` passes in
 * `STORYBOOK_SVC_EMULATOR_URL`; the small "backend" below mints sessions with the server client, the way a
 * real app's backend does, so no secret ever reaches the stories.
 */
const config: StorybookConfig = {
  // The docs pages first, so the sidebar opens on them; the stories follow.
  stories: ['../stories/docs/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  // MDX docs pages, with prop tables read from the components' TSDoc. MDX alone has no Markdown tables:
  // remark-gfm adds them (and strikethrough, task lists, autolinks), as GitHub shows the same pages.
  addons: [{ name: '@storybook/addon-docs', options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } } }],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The site's favicon (the manager and a preview frame opened on its own both ask for one).
  staticDirs: ['./public'],
  // A playground for this library, not a first Storybook: no onboarding checklist in the sidebar or the menu.
  features: { sidebarOnboardingChecklist: false, menuOnboardingChecklist: false },
  typescript: {
    // Reads the props' TSDoc, so each control says what its prop does (react-docgen, the default, reads
    // only JSDoc written on the component itself, not on the props interfaces we import).
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      // React's own props (key, ref, DOM attributes) would bury ours.
      propFilter: (prop) => !prop.parent?.fileName.includes('/node_modules/'),
    },
  },
  // The preview's head: the favicon, and the few styles the docs pages and the playground share.
  previewHead: (head) => `${head}
<link rel="icon" type="image/svg+xml" href="./favicon.svg" />
<style>
  /* Long code lines wrap instead of running out of the page's column. */
  .sbdocs pre, .sbdocs pre code, .docblock-source pre, .docblock-source pre code { white-space: pre-wrap !important; overflow-wrap: anywhere; }
  /* The playground: the inspector's bar above the story, never over the embed. */
  .svc-playground { min-height: 100vh; background: #f5f7fb; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; color: #1d2330; }
  .svc-playground-bar { padding: 8px 16px; background: #ffffff; border-bottom: 1px solid #dde1ea; }
</style>`,
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: [...(viteConfig.plugins ?? []), playgroundBackend(), docsSearchIndex()] }),
};

export default config;

/** The docs pages, whose text the search page searches. */
const DOCS_DIR = fileURLToPath(new URL('../stories/docs/', import.meta.url));

/**
 * The full-text index of the docs pages, built with the site from their MDX: the module
 * `virtual:svc-docs-search-index` holds every section of every page (its page, heading, anchor and words), and
 * the search page loads it when a reader opens it. In `npm start` an edited page is read again.
 */
function docsSearchIndex(): Plugin {
  const id = 'virtual:svc-docs-search-index';
  const resolved = `\0${id}`;
  return {
    name: 'svc-docs-search-index',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(loading) {
      if (loading !== resolved) return undefined;
      this.addWatchFile(DOCS_DIR);
      return `export default ${JSON.stringify(buildDocsSearchIndex(DOCS_DIR))};`;
    },
  };
}

/**
 * A stand-in for an app's backend, mounted on the Storybook dev server: it mints embed sessions and
 * publishes workbooks with the server client and the emulator's credentials (passed by `npm start` in the
 * environment). Only session ids and public records go back to the browser.
 */
function playgroundBackend(): Plugin {
  return {
    name: 'svc-playground-backend',
    configureServer(server) {
      server.middlewares.use('/playground-api', (req: IncomingMessage, res: ServerResponse) => {
        void handle(req, res);
      });
    },
  };
}

/**
 * The emulators `npm start` runs, by the name a story asks for (`?tenant=short`): their addresses and API tokens
 * come from the environment; only the addresses reach the browser.
 */
const TENANTS = playgroundTenants;

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const send = (status: number, body: unknown): void => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const requested = new URL(req.url ?? '/', 'http://playground');
  const tenant = requested.searchParams.get('tenant') ?? 'default';
  if (!Object.hasOwn(TENANTS, tenant)) {
    send(400, { error: `no playground tenant "${tenant}" (one of: ${Object.keys(TENANTS).join(', ')})` });
    return;
  }
  const names = TENANTS[tenant as keyof typeof TENANTS];
  const url = process.env[names.url];
  const apiToken = process.env[names.apiToken];
  if (!url || !apiToken) {
    send(503, { error: 'The playground backend runs under "npm start", which starts the emulator.' });
    return;
  }
  try {
    // The built server client, exactly as an app's backend would import it.
    const serverClient = '../dist/server/index.js';
    const { createManagementClient } = (await import(/* @vite-ignore */ serverClient)) as typeof import('../src/server/index.js');
    const platform = createManagementClient({ baseUrl: `${url}/api`, apiToken });
    const route = requested.pathname;
    // The platform recipes' routes (sign in and out, sessions per plan, export and print) live in their own module.
    if (await handlePlatformRoute(platform, req, res, requested)) return;
    if (req.method === 'POST' && route === '/session') {
      const { sessionId } = await platform.createEmbedSession({
        deploymentId: 42,
        externalId: 'playground-user',
        email: 'playground.user@example.com',
        embedTenantName: 'playground',
        creatorMode: true,
      });
      send(200, { sessionId });
      return;
    }
    if (req.method === 'POST' && route === '/publish') {
      const dashboard = await platform.publishDashboard({ deploymentId: 42, workbookId: 131, title: 'Regional performance' });
      const { sessionId } = await platform.createEmbedSession({ deploymentId: 42, externalId: 'playground-user' });
      send(200, { publicId: dashboard.publicId, versionNumber: dashboard.versionNumber, sessionId });
      return;
    }
    if (req.method === 'POST' && (route === '/expire-embed-tokens' || route === '/warn-embed-tokens')) {
      // The emulator's control routes refuse requests from another origin (the story's page is one), so the
      // renewal recipes ask here, and this server-side call carries no origin.
      const answer = await fetch(`${url}/_emulator${route}`, { method: 'POST' });
      send(answer.status, await answer.json());
      return;
    }
    send(404, { error: `no playground route ${req.method} ${route}` });
  } catch (error) {
    send(502, { error: error instanceof Error ? error.message : 'the emulator did not answer' });
  }
}
