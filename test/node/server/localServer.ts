import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach } from 'vitest';
import { listenOnLoopback } from '../../support/listenOnLoopback.js';

/** A scripted HTTP server on 127.0.0.1 that counts what it receives. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** Every request received: method, path, and body. */
  readonly received: { method: string; path: string; body: string }[];
  /** Resolves when a connection the server answered on has closed (the client cancelled). */
  closedConnections(): number;
  close(): Promise<void>;
}

/**
 * Starts a server on a free port of 127.0.0.1 answering with `handle`. Close it in `afterEach`/`finally`:
 * `close()` also ends connections still open (an endless body).
 */
export async function startLocalServer(
  handle: (request: IncomingMessage, response: ServerResponse, body: string) => void,
): Promise<LocalServer> {
  const received: LocalServer['received'] = [];
  let closed = 0;
  const server = await listenOnLoopback((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = Buffer.concat(parts).toString('utf8');
      received.push({ method: request.method ?? '', path: request.url ?? '', body });
      response.on('close', () => closed++);
      handle(request, response, body);
    });
  });
  return { origin: server.origin, port: server.port, received, closedConnections: () => closed, close: server.close };
}

/**
 * Writes `piece` again and again for as long as the client reads (backpressure respected), until the
 * connection closes: an endless body.
 */
export function writeForever(response: ServerResponse, piece: string | Buffer): void {
  const data = typeof piece === 'string' ? Buffer.from(piece) : piece;
  const pump = (): void => {
    while (!response.destroyed && response.write(data)) {
      // keep writing until the socket's buffer is full
    }
    if (!response.destroyed) response.once('drain', pump);
  };
  pump();
}

/**
 * A `startLocalServer` whose servers are closed after each test of the file that calls this (at its top
 * level): the tests start servers freely and leave no port open.
 */
export function closingLocalServers(): (handle: Parameters<typeof startLocalServer>[0]) => Promise<LocalServer> {
  const servers: LocalServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (handle) => {
    const started = await startLocalServer(handle);
    servers.push(started);
    return started;
  };
}
