import { createEmbedRuntime } from './createEmbedRuntime.js';
import type { EmbedRuntime } from './EmbedRuntime.js';

/**
 * Where the default runtime is kept: on the page's global object under a registered symbol, so that an app
 * which loads both the ES module and the CommonJS build of this package (one dependency imports, another
 * requires) still has one registry and one session ledger. The version in the name changes when the shape of
 * {@link EmbedRuntime} does, so two incompatible copies keep two runtimes rather than misread one.
 */
const DEFAULT_RUNTIME = Symbol.for('svc-embed-react.runtime.v2');

/**
 * The page's default runtime: the one every embed, hook and preload uses unless given a `runtime` (directly or
 * through `<SvcProvider runtime>`). Made on first use, one per page.
 *
 * @example
 * getDefaultEmbedRuntime().registry.getSnapshot(); // the connected embeds of apps without a runtime of their own
 */
export function getDefaultEmbedRuntime(): EmbedRuntime {
  const page = globalThis as { [DEFAULT_RUNTIME]?: EmbedRuntime };
  page[DEFAULT_RUNTIME] ??= createEmbedRuntime();
  return page[DEFAULT_RUNTIME];
}

/** The runtime an embed's options name, else the page's default one. */
export function runtimeOf(options: { readonly runtime?: EmbedRuntime | undefined }): EmbedRuntime {
  return options.runtime ?? getDefaultEmbedRuntime();
}
