import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatorBootConfig } from '../../../../src/emulator/EmulatorBootConfig.js';

/** A server started for a test, on a loopback address and a free port. */
export interface TestServer {
  /** `http://host:port`. */
  readonly origin: string;
  close(): Promise<void>;
}

async function listen(
  host: '127.0.0.1' | 'localhost',
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, host === 'localhost' ? '127.0.0.1' : host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Boot config JSON made safe inside `<script>`: `<` never appears raw, so `</script>` cannot end the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * A stand-in for the emulator server's embed pages, on `http://localhost:<port>`: it serves the same HTML
 * shell (boot config script, `#root`, `/_emulator/page.js`) with boot configs chosen by the test, and the
 * built page script. `boots` maps a path (`/embed/chat`) to its boot config.
 */
export function startEmbedServer(boots: () => ReadonlyMap<string, EmulatorBootConfig>): Promise<TestServer> {
  const script = readFileSync('dist/emulator/page.js');
  return listen('localhost', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/_emulator/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
      return;
    }
    const boot = boots().get(url.pathname);
    if (!boot) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no boot config for this path');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Embed</title>
<script type="application/json" id="svc-emulator-boot">${scriptJson(boot)}</script>
</head><body><div id="root"></div><script type="module" src="/_emulator/page.js"></script></body></html>`);
  });
}

/**
 * The host page, on `http://127.0.0.1:<port>`: `/host?src=<embed address>` embeds the address in an iframe
 * and records, in `window.svcEvents`, every message from that iframe's window and the embed origin, and in
 * `window.otherMessages` everything else. `window.sendAction(message)` posts to the iframe with the embed
 * origin as target. `/sibling?target=<origin>` is a page that posts an action to its parent's first frame,
 * to play a foreign window.
 */
export function startHostServer(): Promise<TestServer> {
  return listen('127.0.0.1', (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/host') {
      const src = url.searchParams.get('src') ?? '';
      const embedOrigin = new URL(src).origin;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html><head><meta charset="utf-8"><title>Host</title>
<style>body{margin:0;font-family:sans-serif} iframe{border:0;width:1200px;height:860px;display:block}</style></head>
<body><iframe id="embed" title="Embedded analytics" src="${src.replace(/"/g, '&quot;')}"></iframe>
<script>
  const EMBED_ORIGIN = ${JSON.stringify(embedOrigin)};
  const frame = document.getElementById('embed');
  window.svcEvents = [];
  window.otherMessages = [];
  window.addEventListener('message', (event) => {
    if (event.source === frame.contentWindow && event.origin === EMBED_ORIGIN) window.svcEvents.push(event.data);
    else window.otherMessages.push({ origin: event.origin, data: event.data });
  });
  window.sendAction = (message) => frame.contentWindow.postMessage(message, EMBED_ORIGIN);
  window.addSibling = (src) => new Promise((resolve) => {
    const sibling = document.createElement('iframe');
    sibling.onload = () => resolve();
    sibling.src = src;
    document.body.append(sibling);
  });
</script></body></html>`);
      return;
    }
    if (url.pathname === '/sibling') {
      // Posts to the embed (the parent's first frame) with a wildcard-free target: the embed's origin.
      const target = url.searchParams.get('target') ?? '';
      const action = scriptJson(JSON.parse(url.searchParams.get('action') ?? '{}'));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body><script>
  window.parent.frames[0].postMessage(${action}, ${JSON.stringify(target)});
</script></body></html>`);
      return;
    }
    response.writeHead(404).end();
  });
}
