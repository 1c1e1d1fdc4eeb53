import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An HTTP server a test started on 127.0.0.1 and a free port. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  readonly port: number;
  /** Ends the connections still open (a page's keep-alive, an endless body), then stops listening. */
  close(): Promise<void>;
}

/**
 * Serves `handler` on 127.0.0.1, port 0: the system picks a free port while listening, so no other process
 * can take it in between (unlike a port probed first). Loopback only: nothing outside the machine reaches it.
 */
export async function listenOnLoopback(handler: RequestListener): Promise<LoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        // A second close (an explicit one, then the file's cleanup) finds it stopped already: nothing to do.
        server.close(() => resolve());
      }),
  };
}
