/** One scripted answer: a response, or an error thrown by fetch. */
export type Script = { status?: number; body?: unknown; headers?: Record<string, string> } | Error;

/** What the client sent. */
export interface SentRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

/**
 * A `fetch` that answers from a script, in order, and records every request. Bodies that are not strings
 * are sent as JSON.
 */
export function scriptedFetch(...scripts: Script[]): { fetch: typeof fetch; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (init?.signal?.aborted) throw init.signal.reason ?? new DOMException('aborted', 'AbortError');
    const script = scripts.shift();
    if (script === undefined) throw new Error('scriptedFetch: no more answers');
    if (script instanceof Error) throw script;
    const body = typeof script.body === 'string' ? script.body : script.body === undefined ? '' : JSON.stringify(script.body);
    return new Response(body, {
      status: script.status ?? 200,
      headers: { 'content-type': typeof script.body === 'string' ? 'text/plain' : 'application/json', ...script.headers },
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, sent };
}

/** A minimal valid Dashboard record. */
export function dashboardRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 7,
    publicId: 'dash-7',
    deploymentId: 42,
    workbookId: 130,
    status: 'published',
    allowEmbed: true,
    config: { title: 'Sales', widgets: [{ id: 'w1', type: 'CHART', position: { x: 0, y: 0, w: 6, h: 4 } }] },
    versionNumber: 1,
    versionId: 9001,
    reportSnapshots: [],
    ...overrides,
  };
}
