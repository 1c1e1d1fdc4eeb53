import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP proxy in front of one origin, whose answers can be held back for a while. */
export interface DelayingProxy {
  /** Its origin, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** How long each request waits before it is passed on (0 at first). A test sets it and puts it back. */
  delayMs: number;
  /** When (epoch ms) each request was passed on to the target, after its delay, in order. */
  readonly passedOn: number[];
  close(): Promise<void>;
}

/** Headers that belong to one connection, or that fetch sets itself for the forwarded request. */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'keep-alive', 'transfer-encoding']);

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Starts a proxy to `target` on 127.0.0.1 and a free port. The example's server mints its sessions through
 * it, so a test can make minting slow (as a distant platform is) and watch the streamed page send its shell
 * first, without a slower emulator for every other test.
 */
export async function startDelayingProxy(target: string): Promise<DelayingProxy> {
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      if (proxy.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, proxy.delayMs));
      proxy.passedOn.push(Date.now());
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (!HOP_HEADERS.has(name) && typeof value === 'string') headers.set(name, value);
      }
      const method = request.method ?? 'GET';
      const answer = await fetch(`${target}${request.url ?? '/'}`, {
        method,
        headers,
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
        redirect: 'manual',
      });
      const contentType = answer.headers.get('content-type');
      response.writeHead(answer.status, contentType === null ? {} : { 'content-type': contentType });
      response.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(502, { 'content-type': 'text/plain' });
      response.end(`proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const proxy: DelayingProxy = {
    url: `http://127.0.0.1:${port}`,
    delayMs: 0,
    passedOn: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return proxy;
}
