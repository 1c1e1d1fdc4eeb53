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
