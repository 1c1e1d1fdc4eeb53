import babel from '@rolldown/plugin-babel';
import react, { reactCompilerPreset } from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { embedSessionMiddleware } from './server/embedSessionMiddleware.ts';

/**
 * React Compiler through Babel: `@vitejs/plugin-react` 6 compiles JSX with Oxc and leaves the compiler to
 * `@rolldown/plugin-babel`, with the preset it exports (React 19: the compiled code imports
 * `react/compiler-runtime`). `--mode without-compiler` builds the same app without it, to compare the two.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), ...(mode === 'without-compiler' ? [] : [babel({ presets: [reactCompilerPreset()] })]), embedSessions()],
  // The browser reads the tenant's origin (public) from SVC_TENANT_ORIGIN; the API token is never exposed.
  envPrefix: ['VITE_', 'SVC_TENANT_'],
  // Source maps name every module in the bundle: how to see that the compiler's runtime is in it.
  build: { sourcemap: true },
}));

/** The session route (`POST /api/embed-session`) on `vite` and `vite preview`, as the app's backend would. */
function embedSessions(): Plugin {
  const middleware = embedSessionMiddleware(process.env);
  return {
    name: 'embed-sessions',
    // Added before Vite's own middlewares (nothing returned: a returned function would run after them).
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
