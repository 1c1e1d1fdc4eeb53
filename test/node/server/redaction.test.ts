import { describe, expect, it } from 'vitest';
import { createAiClient, createDataClient, createManagementClient, type SvcApiError } from '../../../src/server/index.js';
import { createRedactor, REDACTED } from '../../../src/server/redactSecrets.js';
import { scriptedFetch } from './scriptedFetch.js';

// A token with characters that JSON and URLs escape.
const TOKEN = 'sk_live/Ab+Cd=Ef"gh';
const AI_KEY = 'ai_key/99+zz';

/** Every form a server might echo `secret` in. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    secret,
    json,
    json.replace(/\//g, '\\/'),
    [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`).join(''),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    encodeURIComponent(encodeURIComponent(secret)),
  ];
}

/** Everything a developer could print of an error. */
function printed(error: unknown): string {
  const e = error as SvcApiError;
  return [String(e), e.message, e.stack, JSON.stringify(e), JSON.stringify(e.body), typeof e.body === 'string' ? e.body : ''].join('\n');
}

function expectNoForm(text: string, secret: string): void {
  for (const form of forms(secret)) expect(text, form).not.toContain(form);
  // The distinctive middle of the secret, in case of a partial echo.
  expect(text).not.toContain('Ab+Cd');
}

describe('redaction', () => {
  it('removes a secret in every echoed form, and in mixes of forms', () => {
    const redact = createRedactor([TOKEN]);
    for (const form of forms(TOKEN)) expect(redact(`x ${form} y`)).toBe(`x ${REDACTED} y`);
    // Half raw, half escaped.
    expect(redact('sk_live\\/Ab%2BCd\\u003dEf\\"gh')).toBe(REDACTED);
    // Unknown credentials after a scheme, raw, URL-encoded or JSON-escaped; and any JWT.
    expect(redact('Authorization: Bearer other.value-123')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redact('authorization=Api-Key%20abc%2Fdef&x=1')).toBe(`authorization=Api-Key%20${REDACTED}&x=1`);
    expect(redact('"Bearer\\u0020abc\\/def"')).toBe(`"Bearer\\u0020${REDACTED}"`);
    expect(redact('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln and more')).toBe(`jwt ${REDACTED} and more`);
  });

  it('keeps echoed credentials out of management errors: message, body, toString, JSON and stack', async () => {
    for (const form of forms(TOKEN)) {
      const text = `{"error":{"status":401,"message":"bad token ${form}"},"echo":{"header":"Bearer ${form}","${form}":1}}`;
      const { fetch } = scriptedFetch({ status: 401, body: text, headers: { 'content-type': 'application/json' } });
      const platform = createManagementClient({ baseUrl: 'https://acme.example.com/api', apiToken: TOKEN, fetch });
      const error = await platform.listDeployments().catch((e: unknown) => e);
      expect((error as SvcApiError).status).toBe(401);
      expectNoForm(printed(error), TOKEN);
    }
  });

  it('redacts a credential of another scheme the client does not know', async () => {
    const { fetch } = scriptedFetch({ status: 400, body: { error: { message: 'proxy saw Authorization: Bearer proxy_secret_XYZ' } } });
    const platform = createManagementClient({ baseUrl: 'https://acme.example.com/api', apiToken: TOKEN, fetch });
    const error = await platform.listDeployments().catch((e: unknown) => e);
    expect(printed(error)).not.toContain('proxy_secret_XYZ');
  });

  it('keeps the data token out of a validation error that echoes the body', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkYXRhIn0.c2lnbmF0dXJl';
    const { fetch } = scriptedFetch({ body: { data: `not rows: ${jwt.replace(/\./g, '\\u002e')}` } });
    const data = createDataClient({ url: 'https://acme.example.com/data', token: jwt, fetch });
    const error = await data.meta().catch((e: unknown) => e);
    expect(printed(error)).not.toContain('c2lnbmF0dXJl');
  });

  it('redacts the AI stream: in chunks handed to the app and in errors', async () => {
    const chunks = [
      `{"chatId":"c","type":"delta","content":"your key is Api-Key ${JSON.stringify(AI_KEY).slice(1, -1).replace('/', '\\/')}"}\n`,
      `{"chatId":"c","type":"delta","content":"or ${encodeURIComponent(AI_KEY)}"}\n`,
      `{"chatId":"c","type":"oops","echo":"${AI_KEY}"}\n`,
    ];
    const fetchImpl = (async () => new Response(chunks.join(''))) as typeof fetch;
    const ai = createAiClient({ url: 'https://acme.example.com/ai', apiKey: AI_KEY, fetch: fetchImpl });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const chunk of ai.streamChatState({ messages: [{ role: 'user', content: 'q' }] })) seen.push(chunk.content ?? '');
    })().catch((e: unknown) => e);
    // The whole header value goes, scheme included: it is one of the known secrets.
    expect(seen).toEqual([`your key is ${REDACTED}`, `or ${REDACTED}`]);
    expect((error as Error).name).toBe('SvcResponseValidationError');
    for (const form of forms(AI_KEY)) expect(printed(error)).not.toContain(form);
  });
});
