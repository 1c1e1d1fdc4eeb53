import { describe, expect, it } from 'vitest';
import { createDataClient, createManagementClient, type SvcApiError } from '../../../src/server/index.js';
import { createRedactor, redactValue } from '../../../src/server/redactSecrets.js';
import { scriptedFetch } from './scriptedFetch.js';

const BASE = 'https://acme.example.com/api';

/** The error a management call fails with when the API answers `status` with `body`. */
async function managementError(body: unknown, options: { apiToken?: string; scimToken?: string; status?: number } = {}): Promise<SvcApiError> {
  const { fetch } = scriptedFetch({ status: options.status ?? 400, body });
  const platform = createManagementClient({ baseUrl: BASE, apiToken: options.apiToken ?? 'sk_live_forms_token', scimToken: options.scimToken, fetch, retry: false });
  return (await platform.listDeployments().catch((e: unknown) => e)) as SvcApiError;
}

describe('redaction of the forms a server echoes a secret in', () => {
  it('shows the marker "[redacted]" where a credential was', async () => {
    const error = await managementError({ error: { message: 'token sk_live_forms_token refused' } });
    expect(error.message).toContain('token [redacted] refused');
  });

  it('removes a secret holding a JSON short-escaped character when echoed JSON-escaped', () => {
    for (const char of ['\\', '\b', '\f', '\n', '\r', '\t']) {
      const secret = `sk_${char}live_42`;
      const redact = createRedactor([secret]);
      // JSON.stringify writes each of these characters as its two-character escape (`\\`, `\b`, `\n`...).
      const echoed = JSON.stringify({ echo: secret });
      expect(echoed).not.toContain('\\u00');
      expect(redact(echoed), JSON.stringify(char)).toBe('{"echo":"[redacted]"}');
    }
  });

  it('removes a secret with non-ASCII characters echoed URL-encoded, once or twice', () => {
    const secret = 'clé_secrète_€42';
    const redact = createRedactor([secret]);
    expect(redact(`a=${encodeURIComponent(secret)}&b=1`)).toBe('a=[redacted]&b=1');
    expect(redact(`a=${encodeURIComponent(encodeURIComponent(secret))}&b=1`)).toBe('a=[redacted]&b=1');
  });

  it('removes a secret with spaces echoed form-encoded (a space as "+"), and nothing else', () => {
    const redact = createRedactor(['open sesame 42']);
    expect(redact('q=open+sesame+42&x=1')).toBe('q=[redacted]&x=1');
    // A "+" stands for a space only: text differing from the secret in another character is kept.
    const other = createRedactor(['abcdef']);
    expect(other('abc+ef and abc def')).toBe('abc+ef and abc def');
  });

  it('removes the value after a scheme whatever the number of spaces', () => {
    const redact = createRedactor([]);
    expect(redact('Authorization: Bearer  two_spaces_secret')).toBe('Authorization: Bearer  [redacted]');
    expect(redact('h=Api-Key%20%20encoded_secret&x=1')).toBe('h=Api-Key%20%20[redacted]&x=1');
  });

  it('removes a 4-character token, but does not hunt for shorter ones in ordinary words', async () => {
    const { fetch } = scriptedFetch({ status: 400, body: { error: { message: 'echo k9z! here' } } });
    const data = createDataClient({ url: 'https://acme.example.com/data', token: 'k9z!', fetch, retry: false });
    const error = (await data.meta().catch((e: unknown) => e)) as SvcApiError;
    expect(error.message).toContain('echo [redacted] here');
    expect(createRedactor(['the'])('the theme of the day')).toBe('the theme of the day');
  });

  it('leaves text alone when it knows no secret, the word "undefined" included', () => {
    const redact = createRedactor([undefined, 'ab']);
    expect(redact('value undefined at line 3')).toBe('value undefined at line 3');
  });

  it('removes a longer secret whole when a shorter one is part of it', async () => {
    // The SCIM token starts with the API token: the whole SCIM token goes, not just its first part.
    const error = await managementError({ error: { message: 'scim key tok1_scim_extra_part is read-only' } }, { apiToken: 'tok1', scimToken: 'tok1_scim_extra_part' });
    expect(error.message).toContain('scim key [redacted] is read-only');
    expect(error.message).not.toContain('scim_extra');
    for (const order of [
      ['abcd', 'abcd_efgh', 'abcd_efgh_ijkl'],
      ['abcd_efgh', 'abcd', 'abcd_efgh_ijkl'],
    ]) {
      expect(createRedactor(order)('x abcd_efgh_ijkl y')).toBe('x [redacted] y');
    }
  });

  it('redacts an unknown token inside a parsed body nested 64 levels deep, and survives any nesting', async () => {
    // A JWT written with escaped dots is only recognisable once parsed.
    const jwt = 'eyJhbGciOiJIUzI1NiJ9\\u002eeyJzdWIiOiJ4In0\\u002esig';
    // 65 arrays: the innermost one is at depth 64 and still searched.
    const nested = JSON.parse(`${'['.repeat(65)}"${jwt}"${']'.repeat(65)}`) as unknown;
    let inner = redactValue(nested, createRedactor([])) as unknown[];
    for (let i = 0; i < 64; i++) inner = inner[0] as unknown[];
    expect(inner[0]).toBe('[redacted]');
    // A pathological error body, nested far deeper (within the 64 KiB kept of an error body), still yields the API error rather than a stack overflow.
    const deepArrays = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
    const arrays = await managementError(deepArrays, { status: 500 });
    expect(arrays).toMatchObject({ name: 'SvcApiError', status: 500 });
    expect(Array.isArray(arrays.body)).toBe(true);
    const deepObjects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const objects = await managementError(deepObjects, { status: 500 });
    expect(objects).toMatchObject({ name: 'SvcApiError', status: 500 });
    expect(objects.body).toHaveProperty('a');
  });

  it('replaces what is nested deeper than it searches, so an escaped token there cannot pass', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9\\u002eeyJzdWIiOiJ4In0\\u002esig';
    for (const [open, close] of [
      ['{"a":', '}'],
      ['[', ']'],
    ] as const) {
      const nested = JSON.parse(`${open.repeat(70)}{"token":"${jwt}"}${close.repeat(70)}`) as unknown;
      const copy = redactValue(nested, createRedactor([]));
      expect(JSON.stringify(copy)).not.toContain('eyJ');
      // Levels 0 to 64 are copied; the object or array at level 65 is replaced whole.
      let level: unknown = copy;
      for (let depth = 0; depth < 65; depth++) level = (level as Record<string, unknown>)[open === '[' ? 0 : 'a'];
      expect(level).toBe('[redacted]');
    }
  });

  it('returns an error body the app can edit like any parsed JSON', async () => {
    const error = await managementError({ error: { message: 'bad' }, requestId: 'r-1' });
    const body = error.body as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['error', 'requestId']);
    body.requestId = 'r-2';
    expect(body.requestId).toBe('r-2');
    delete body.requestId;
    expect(body).not.toHaveProperty('requestId');
  });
});
