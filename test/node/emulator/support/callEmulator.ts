import { request } from 'node:http';

/** An answer of the emulator, with its JSON read when it is JSON. */
export interface EmulatorAnswer {
  readonly status: number;
  // biome-ignore lint/suspicious/noExplicitAny: assertions explore JSON answers freely
  readonly json: Record<string, any>;
  readonly text: string;
}

/** Options of {@link callEmulator}. */
export interface CallOptions {
  /** The `Authorization` header, sent as given. */
  readonly auth?: string | undefined;
  /** A JSON body. */
  readonly body?: unknown;
  /** A body sent as this text. */
  readonly raw?: string | undefined;
  /** Other headers (`host` and `origin` included: Node's HTTP client sends them as given). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * Calls an emulator with Node's own HTTP client, which (unlike `fetch`) lets a test set the `Host` and
 * `Origin` headers a browser page would send.
 */
export function callEmulator(origin: string, method: string, path: string, options: CallOptions = {}): Promise<EmulatorAnswer> {
  const url = new URL(path, origin);
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth !== undefined) headers.authorization = options.auth;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Record<string, unknown> = {};
        try {
          json = JSON.parse(text) as Record<string, unknown>;
        } catch {
          // Not JSON (an embed page): the text is there.
        }
        resolve({ status: incoming.statusCode ?? 0, json, text });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The boot config of an embed page's HTML. */
// biome-ignore lint/suspicious/noExplicitAny: assertions explore the boot config freely
export function bootOf(html: string): Record<string, any> {
  return JSON.parse(/<script type="application\/json" id="svc-emulator-boot">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');
}

/**
 * Opens an embed address as the emulator's page does: reads the served boot config and, for a signed page
 * that the server did not refuse, exchanges the session id from the address for a token
 * (`POST /api/v1/embed/session/token`, as the page script does in the browser). Returns the boot config with
 * the token and its schedule as `embedToken`, `tokenExpiresAt`, `tokenExpiringAt` and `serverNow`, or with
 * the exchange's refusal as `error`: what the page would show.
 */
// biome-ignore lint/suspicious/noExplicitAny: assertions explore the boot config freely
export async function openPage(origin: string, path: string): Promise<Record<string, any>> {
  const boot = bootOf((await callEmulator(origin, 'GET', path)).text);
  if (boot.mode !== 'signed' || boot.error) return boot;
  const address = new URL(path, origin);
  const sessionId = address.searchParams.get(boot.surface === 'chat' ? 'sessionId' : 'session');
  const exchanged = await callEmulator(origin, 'POST', '/api/v1/embed/session/token', { body: { sessionId } });
  if (exchanged.status !== 200) return { ...boot, error: { name: exchanged.json.error.name, message: exchanged.json.error.message } };
  const grants = await callEmulator(origin, 'GET', '/embed/token-grants', { headers: { 'x-embed-token': exchanged.json.embedToken } });
  const refused = pageRefusal(boot, grants.json.grants);
  if (refused) return { ...boot, error: refused };
  return {
    ...boot,
    grants: grants.json.grants,
    embedToken: exchanged.json.embedToken,
    tokenExpiresAt: exchanged.json.expiresAt,
    tokenExpiringAt: exchanged.json.expiringAt,
    serverNow: exchanged.json.now,
  };
}

/** The page's own check of a kept token (deployment, creator mode), as the page script makes it. */
// biome-ignore lint/suspicious/noExplicitAny: the boot config as read from the page
function pageRefusal(boot: Record<string, any>, grants: { deploymentId: number; creatorMode: boolean }) {
  if (boot.deploymentId !== null && grants.deploymentId !== boot.deploymentId) return { name: 'SessionError', message: `This session is for deployment ${grants.deploymentId}.` };
  if (boot.surface === 'app' && !grants.creatorMode) return { name: 'SessionError', message: 'The app needs a session minted with creatorMode: true.' };
  return null;
}
