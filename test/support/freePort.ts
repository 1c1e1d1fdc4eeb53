import { createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for servers that need a number up front (Storybook,
 * Next.js, an emulator address baked into a build). Servers that accept port 0 should listen on it instead:
 * between this answer and their listen, another process may take the port.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('the port probe has no TCP address');
  return address.port;
}
