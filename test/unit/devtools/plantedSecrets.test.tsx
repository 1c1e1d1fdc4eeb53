import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSecrets, rememberSecret } from '../../../src/credentials/rememberSecret.js';
import { redactShownValue } from '../../../src/credentials/redactShownValue.js';
import { createTimeline } from '../../../src/devtools/createTimeline.js';
import { describeEntry } from '../../../src/devtools/describeEntry.js';
import { SvcDevtools } from '../../../src/devtools/index.js';
import { toDisplayJson } from '../../../src/devtools/toDisplayJson.js';
import { createEmbedBridge, type EmbedDebugReport, type EmbedInspectorEntry, embedInspector } from '../../../src/protocol/index.js';
import { addFrame, deliver, TENANT } from '../support/frames.js';

// Every case plants one secret (or a few) in an inspector entry the way it turns up in practice; each secret
// is distinctive, so finding it (raw, URL-encoded once or twice, JSON-escaped) anywhere shown is a leak.

/** The embed's own session id, as the controller remembers it when it loads the session. */
const OWN_SESSION = 'own-sess-7Hq2Lm9Xz4';

const at = 1_700_000_000_000;
const event = (payload: unknown): EmbedInspectorEntry =>
  ({ kind: 'event', embedId: 'sales', at, message: { source: 'svc-embed', direction: 'event', type: 'svc:event:navigate', payload, timestamp: at, surface: 'dashboard' } }) as EmbedInspectorEntry;
const lifecycle = (detail: string): EmbedInspectorEntry => ({ kind: 'lifecycle', embedId: 'sales', at, phase: 'loading', detail });
const dropped = (detail: string, data?: unknown, reason: EmbedDebugReport['reason'] = 'bad-payload'): EmbedInspectorEntry => ({
  kind: 'dropped',
  embedId: 'sales',
  at,
  report: { reason, detail, embedId: 'sales', origin: TENANT, type: 'svc:event:navigate', data },
});

/** A JSON Web Token whose signature is the distinctive part. */
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.jwtSig_Qm8vT3kP0x';

const CASES: readonly { readonly name: string; readonly secrets: readonly string[]; readonly entry: EmbedInspectorEntry }[] = [
  { name: 'a nested token key', secrets: ['tok-Nest3dQ81'], entry: event({ user: { profile: { token: 'tok-Nest3dQ81' } } }) },
  { name: 'a nested token key holding an object', secrets: ['tokObj-Zz91Kp'], entry: event({ a: [{ token: { value: 'tokObj-Zz91Kp' } }] }) },
  {
    name: 'session= URL-encoded inside another URL',
    secrets: ['sessNested-4Fv8'],
    entry: event({ path: `https://app.example.com/go?next=${encodeURIComponent('https://acme.example.com/embed?x=1&session=sessNested-4Fv8&y=2')}` }),
  },
  {
    name: 'session= double-encoded inside a URL inside a URL',
    secrets: ['sessDouble-8Kd2'],
    entry: lifecycle(`https://a.example/r?u=${encodeURIComponent(`https://b.example/r?u=${encodeURIComponent('https://c.example/e?session=sessDouble-8Kd2&v=1')}`)}`),
  },
  { name: 'session= at the start of a string', secrets: ['sessStart-2Wq7'], entry: lifecycle('session=sessStart-2Wq7&locale=de-DE') },
  { name: 'session= after a semicolon', secrets: ['sessSemi-6Tn3'], entry: lifecycle('/embed/dashboard/p;session=sessSemi-6Tn3;v=2') },
  { name: 'session= as \\u0026session=', secrets: ['sessEsc-9Pb4'], entry: dropped('bad envelope: {"url":"/e?x=1\\u0026session=sessEsc-9Pb4\\u0026y=2"}') },
  { name: 'session= after #', secrets: ['sessHash-3Mx5'], entry: lifecycle('/embed/app#session=sessHash-3Mx5') },
  { name: '"sessionId" inside a JSON string', secrets: ['sessJson-5Yc1'], entry: event({ raw: JSON.stringify({ sessionId: 'sessJson-5Yc1', k: 1 }) }) },
  { name: '"sessionId" inside JSON inside a JSON string', secrets: ['sessJson2-1Rt8'], entry: event({ raw: JSON.stringify({ inner: JSON.stringify({ sessionId: 'sessJson2-1Rt8' }) }) }) },
  { name: "the embed's own session id quoted in an error message", secrets: [OWN_SESSION], entry: event({ message: `session ${OWN_SESSION} was already used`, name: 'Error' }) },
  { name: "the own session id URL-encoded in a dropped message's detail", secrets: [OWN_SESSION], entry: dropped(`could not load /e/${encodeURIComponent(OWN_SESSION)}`) },
  { name: 'a payload sessionId in row text', secrets: ['sessRow-7Ud6'], entry: event({ sessionId: 'sessRow-7Ud6', path: '/a' }) },
  { name: 'an access_token key', secrets: ['acc-Tok3n-77Qa'], entry: event({ auth: { access_token: 'acc-Tok3n-77Qa', expires_in: 3600 } }) },
  { name: 'a refresh_token and an id_token', secrets: ['refr-Tk-91Ws', 'idtk-Tk-28Lo'], entry: event({ refresh_token: 'refr-Tk-91Ws', id_token: 'idtk-Tk-28Lo' }) },
  { name: 'a session_id key', secrets: ['sid-Under-43Ej'], entry: event({ session_id: 'sid-Under-43Ej' }) },
  { name: 'a sessionToken key', secrets: ['stok-Camel-65Hr'], entry: event({ meta: { sessionToken: 'stok-Camel-65Hr' } }) },
  { name: 'an apiKey key', secrets: ['apik-Camel-12Vb'], entry: event({ apiKey: 'apik-Camel-12Vb' }) },
  { name: 'an api_key and an Api-Key header key', secrets: ['apik-Snake-33Nm', 'apik-Head-54Gf'], entry: event({ api_key: 'apik-Snake-33Nm', headers: { 'X-Api-Key': 'apik-Head-54Gf' } }) },
  { name: 'a jwt key', secrets: ['jwtkey-Val-86Pl'], entry: event({ jwt: 'jwtkey-Val-86Pl' }) },
  { name: 'a password and a client secret', secrets: ['pw-Hunter2-Zq', 'cs-Secret-40Kd'], entry: event({ login: { password: 'pw-Hunter2-Zq', client_secret: 'cs-Secret-40Kd' } }) },
  { name: 'a Bearer string', secrets: ['bearer-Raw-17Xs'], entry: dropped('proxy said: Authorization: Bearer bearer-Raw-17Xs') },
  { name: 'Api-Key and Basic strings', secrets: ['apikey-Sch-62Rd', 'YmFzaWM6c2VjcmV0'], entry: event({ a: 'Api-Key apikey-Sch-62Rd', b: 'Basic YmFzaWM6c2VjcmV0' }) },
  { name: 'a JWT-shaped string under an ordinary key', secrets: ['jwtSig_Qm8vT3kP0x'], entry: event({ note: `token was ${JWT}` }) },
  { name: 'token= URL parameters', secrets: ['urltok-Amp-29Fy', 'urltok-Q-50Lk'], entry: lifecycle('/embed/chat?token=urltok-Q-50Lk&x=1&token=urltok-Amp-29Fy') },
  { name: 'access_token in a URL fragment', secrets: ['frag-Acc-71Dz'], entry: lifecycle('https://app.example.com/cb#access_token=frag-Acc-71Dz&token_type=bearer') },
  {
    name: 'signed-URL signatures',
    secrets: ['a1b2c3d4e5f6amzsig', 'goog9sig8value7', 'shortSig-4Xy'],
    entry: event({
      s3: 'https://bucket.s3.example.com/f.csv?X-Amz-Date=20260101T000000Z&X-Amz-Signature=a1b2c3d4e5f6amzsig',
      gcs: 'https://storage.example.com/f?X-Goog-Signature=goog9sig8value7&Expires=1',
      azure: 'https://x.blob.example.net/c/f?sv=2024&sig=shortSig-4Xy',
    }),
  },
  { name: 'Signature= in a CDN address', secrets: ['cdnSig~Abc-123_x'], entry: event({ url: 'https://cdn.example.com/f.png?Expires=1&Signature=cdnSig~Abc-123_x&Key-Pair-Id=K1' }) },
  { name: 'a credential key in a dropped message data', secrets: ['dropTok-88Wk'], entry: dropped('payload.x: expected a string', { type: 'svc:event:navigate', payload: { embedToken: 'dropTok-88Wk' } }) },
  { name: 'a foreign message full of secrets', secrets: ['foreign-Tok-13Ql'], entry: dropped('from https://evil.example.com', { token: 'foreign-Tok-13Ql', url: '?session=foreign-Tok-13Ql' }, 'wrong-origin') },
  { name: 'a secret in a key, not a value', secrets: [OWN_SESSION], entry: event({ [OWN_SESSION]: 1 }) },
  { name: 'an HTML-safe JSON address', secrets: ['htmlSafe-Sess-5'], entry: event({ raw: '{"u":"\\u003ca href=\\"/e?a=1\\u0026sessionId\\u003dhtmlSafe-Sess-5\\"\\u003e"}' }) },
];

/** Every form a secret could be shown in. */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [...new Set([secret, json, JSON.stringify(json).slice(1, -1), encodeURIComponent(secret), encodeURIComponent(encodeURIComponent(secret))])];
}

/** The secrets (in any form) found in `text`. */
function leaks(text: string, secrets: readonly string[]): string[] {
  return secrets.flatMap((secret) => forms(secret).filter((form) => text.includes(form)));
}

beforeEach(() => {
  forgetSecrets();
  rememberSecret(OWN_SESSION);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  forgetSecrets();
});

describe('planted secrets never reach the inspector', () => {
  it(`has at least 24 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(24);
  });

  it.each(CASES)('$name: not in the row, the detail line, the JSON or the clipboard text', ({ entry, secrets }) => {
    // The planted secret is really there before the inspector sees it.
    expect(leaks(JSON.stringify(entry), secrets).length + leaks(String(JSON.stringify(entry)), secrets).length).toBeGreaterThan(0);
    vi.useFakeTimers();
    const timeline = createTimeline();
    timeline.push(entry);
    vi.runAllTimers();
    vi.useRealTimers();
    const [item] = timeline.getSnapshot();
    if (item === undefined) throw new Error('not recorded');
    const { title, detail } = describeEntry(item.entry);
    expect(leaks(title, secrets), 'row title').toEqual([]);
    expect(leaks(detail, secrets), 'detail line').toEqual([]);
    // The JSON view and the clipboard show the same text.
    expect(leaks(toDisplayJson(item.entry), secrets), 'JSON').toEqual([]);
    // What the timeline keeps holds none either.
    expect(leaks(JSON.stringify(item.entry), secrets), 'kept copy').toEqual([]);
  });

  it('marks where a credential was, and keeps the rest readable', () => {
    vi.useFakeTimers();
    const timeline = createTimeline();
    timeline.push(event({ user: { token: 'x-secret-1' }, page: 'sales' }));
    timeline.push(lifecycle('/embed/dashboard/p?session=abc123&locale=de-DE'));
    vi.runAllTimers();
    vi.useRealTimers();
    const [first, second] = timeline.getSnapshot();
    expect(describeEntry(first?.entry as EmbedInspectorEntry).detail).toBe('{"user":{"token":"[redacted]"},"page":"sales"}');
    expect(describeEntry(second?.entry as EmbedInspectorEntry).detail).toBe('/embed/dashboard/p?session=[redacted]&locale=de-DE');
  });

  it('rows, detail lines, opened JSON and copied text of the rendered panel hold none of them', async () => {
    const copied: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void copied.push(text) } });
    render(<SvcDevtools defaultOpen />);
    act(() => {
      for (const { entry } of CASES) embedInspector.emit(entry);
    });
    // Plain selectors: role queries compute accessible names, which is slow in jsdom with this many rows.
    const list = document.querySelector('ol[aria-label="Timeline, newest first"]') as HTMLElement;
    await waitFor(() => expect(list.querySelectorAll('li')).toHaveLength(CASES.length));
    for (const button of list.querySelectorAll('button[aria-label^="JSON of entry"]')) fireEvent.click(button);
    for (const button of list.querySelectorAll('button[aria-label^="Copy entry"]')) fireEvent.click(button);
    await waitFor(() => expect(copied).toHaveLength(CASES.length));
    const attributes = [...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.value));
    const shown = [document.body.textContent ?? '', ...attributes, ...copied].join('\n');
    expect(document.querySelectorAll('pre')).toHaveLength(CASES.length);
    expect(leaks(shown, [...new Set(CASES.flatMap((c) => c.secrets))])).toEqual([]);
    expect(shown).toContain('[redacted]');
  }, 20_000);

  it('development debug reports (onDebug) carry none of them either', () => {
    const reports: EmbedDebugReport[] = [];
    const bridge = createEmbedBridge({ surface: 'dashboard', tenantOrigin: TENANT, embedId: 'sales', onDebug: (report) => reports.push(report) });
    const iframe = addFrame();
    const disconnect = bridge.connect(iframe);
    for (const { entry } of CASES) deliver(entry, 'https://evil.example.com', iframe.contentWindow);
    // A message from the tenant's window that is not a valid event: its data is reported too.
    deliver({ source: 'svc-embed', direction: 'event', type: 'svc:event:navigate', payload: { path: 1, token: 'tenant-Tok-55Rv' } }, TENANT, iframe.contentWindow);
    disconnect();
    bridge.destroy();
    expect(reports).toHaveLength(CASES.length + 1);
    const secrets = [...new Set(CASES.flatMap((c) => c.secrets)), 'tenant-Tok-55Rv'];
    expect(leaks(JSON.stringify(reports), secrets)).toEqual([]);
    // Still the report the hook expects: reason, origin and the data's shape.
    expect(reports[0]).toMatchObject({ reason: 'wrong-origin', origin: 'https://evil.example.com', embedId: 'sales', data: { kind: 'event' } });
  });

  it('redactShownValue leaves data without credentials as it was', () => {
    const data = { type: 'svc:event:navigate', payload: { path: '/sales?region=EU', tokens: 3, maxTokens: 10 }, list: [1, 'two', null] };
    expect(redactShownValue(data)).toEqual(data);
  });
});
