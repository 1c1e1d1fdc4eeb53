import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../../support/listenOnLoopback.js';

/** A server started for a test, on 127.0.0.1 and a free port. */
export interface TestServer {
  /** `http://127.0.0.1:port`. */
  readonly origin: string;
  close(): Promise<void>;
}

/** JSON that can sit in a `<script>`: `<` never appears raw, so nothing in it can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const html = (response: ServerResponse, body: string): void => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
};

/**
 * A plain host page server on `http://127.0.0.1:<port>` (a different origin from the emulator's):
 *
 * - `/host?src=<embed address>` embeds the address in `iframe#embed` and records in `window.svcEvents`
 *   every message from that iframe's window AND the embed origin (the host-side listening rules), and in
 *   `window.otherMessages` everything else; `window.sendAction(message)` posts to the iframe with the embed
 *   origin as target; `window.addSibling(src)` adds a second iframe.
 * - `/sibling?target=<origin>&action=<JSON>` is a page that posts the action to its parent's first frame
 *   (the embed): a window that is not the embed's parent.
 * - `/broken-embed` is an embed page whose boot config is not JSON, running the built page script.
 */
export function startHostServer(): Promise<TestServer> {
  return listenOnLoopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/host') {
      const src = url.searchParams.get('src') ?? '';
      html(
        response,
        `<!doctype html>
<html><head><meta charset="utf-8"><title>Host</title>
<style>body{margin:0;font-family:sans-serif} iframe{border:0;width:1200px;height:880px;display:block}</style></head>
<body><iframe id="embed" title="Embedded analytics" src="${src.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></iframe>
<script>
  const EMBED_ORIGIN = ${scriptJson(new URL(src).origin)};
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
</script></body></html>`,
      );
      return;
    }
    if (url.pathname === '/sibling') {
      const target = scriptJson(url.searchParams.get('target') ?? '');
      const action = scriptJson(JSON.parse(url.searchParams.get('action') ?? '{}'));
      html(response, `<!doctype html><html><body><script>window.parent.frames[0].postMessage(${action}, ${target});</script></body></html>`);
      return;
    }
    if (url.pathname === '/broken-embed') {
      // An embed page whose boot config is not JSON, served from this origin for the broken-boot test.
      html(
        response,
        `<!doctype html><html><head><script type="application/json" id="svc-emulator-boot">{not json</script></head>
<body><div id="root"></div><script type="module" src="/_emulator/page.js"></script></body></html>`,
      );
      return;
    }
    if (url.pathname === '/_emulator/page.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(readFileSync('dist/emulator/page.js'));
      return;
    }
    response.writeHead(404).end();
  });
}
