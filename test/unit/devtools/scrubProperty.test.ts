import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSecrets, rememberSecret } from '../../../src/credentials/rememberSecret.js';
import { redactShownValue } from '../../../src/credentials/redactShownValue.js';
import { createTimeline } from '../../../src/devtools/createTimeline.js';
import { describeEntry } from '../../../src/devtools/describeEntry.js';
import { toDisplayJson } from '../../../src/devtools/toDisplayJson.js';
import type { EmbedInspectorEntry } from '../../../src/protocol/index.js';

// A property test with a seeded generator (reproducible: a failure names its seed): random payloads with
// secrets planted at random depths, under random names, in random encodings. Whatever the inspector shows
// (row title, detail line, JSON view, clipboard) and what a development debug report carries must hold none.

/** A small, fast, seedable generator (mulberry32): the same seed gives the same cases. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const int = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const word = (random: Random, alphabet: string, length: number): string => Array.from({ length }, () => pick(random, [...alphabet])).join('');

/**
 * Every kind of character a credential may hold: letters and digits, every printable ASCII punctuation
 * character (those a URL must percent-encode included), a space, and characters outside ASCII (accented, the
 * euro sign, one outside the Basic Multilingual Plane).
 */
const FULL = `${ALNUM}-._~!*'();:@&=+$,/?#[]%"<>\\^\`{|} éü€😀`;

/**
 * A secret: distinctive at both ends (`Q` and `Z` each before six random letters or digits) around a random
 * middle, so finding it, or either end of it, anywhere is a leak, not chance: a scrubber that stops at a
 * character of the middle (a `%2B`) shows the end.
 */
function secretValue(random: Random, alphabet = FULL): string {
  return `Q${word(random, ALNUM, 6)}${word(random, alphabet, int(random, 1, 16))}Z${word(random, ALNUM, 6)}`;
}

const NAMES = [
  'session', 'sessionId', 'session_id', 'sessionToken', 'token', 'access_token', 'refresh_token', 'id_token', 'apiKey', 'api_key', 'jwt',
  'authorization', 'password', 'secret', 'embedToken', 'apiToken', 'accessToken', 'client_secret', 'X-Amz-Signature', 'Signature', 'sig',
];

/** A name as someone might write it: other case, `-` for `_`, `_` between words. */
function nameVariant(random: Random): string {
  const name = pick(random, NAMES);
  switch (int(random, 0, 4)) {
    case 0:
      return name.toLowerCase();
    case 1:
      return name.toUpperCase();
    case 2:
      return name.replace(/_/g, '-');
    case 3:
      return name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
    default:
      return name;
  }
}

/** Ways a string travels: raw, inside another URL (encoded once or twice), HTML-safe JSON, a JSON string. */
const ENCODINGS: readonly ((text: string) => string)[] = [
  (text) => text,
  (text) => `https://outer.example.com/r?next=${encodeURIComponent(`https://acme.example.com/e?${text}`)}&x=1`,
  (text) => `https://a.example/r?u=${encodeURIComponent(`https://b.example/r?u=${encodeURIComponent(`https://c.example/e?${text}`)}`)}`,
  (text) => text.replace(/&/g, '\\u0026').replace(/=/g, '\\u003d').replace(/</g, '\\u003c'),
  (text) => JSON.stringify(text),
  (text) => JSON.stringify(JSON.stringify({ u: text })),
];

const filler = (random: Random): string => pick(random, ['sales', 'Revenue by region', 'ok', '/embed/dashboard/p', 'x=1&y=2', 'a;b', 'note: see above', '']);

/** One planted secret: the value to put somewhere, and the secret that must never be shown. */
interface Plant {
  readonly value: unknown;
  readonly secret: string;
  /** Whether the plant is a string (fits a detail line) rather than an object. */
  readonly text: boolean;
}

function plant(random: Random): Plant {
  const secret = secretValue(random);
  switch (int(random, 0, 8)) {
    case 0:
      // Under a credential key, the value a string, a number-like string, or an object holding it.
      return { value: { [nameVariant(random)]: random() < 0.7 ? secret : { value: secret } }, secret, text: false };
    case 1: {
      // A parameter at any position: after `?`, `&`, `#`, `;` or at the start.
      const delimiter = pick(random, ['?', '&', '#', ';', '']);
      const before = delimiter === '' ? '' : `a=1${delimiter}`;
      // The value percent-encoded, as an address carries it: `%2B`, `%26`, `%E2%82%AC`.
      const parameter = `${before}${nameVariant(random)}=${encodeURIComponent(secret)}${pick(random, ['', '&b=2', '#top', ';v=1'])}`;
      return { value: pick(random, ENCODINGS)(parameter), secret, text: true };
    }
    case 2: {
      // A JSON document written into a string, once or twice.
      const document = JSON.stringify({ kind: filler(random), [nameVariant(random)]: secret, n: 1 });
      return { value: random() < 0.5 ? document : JSON.stringify({ inner: document }), secret, text: true };
    }
    case 3: {
      // An authorization credential holds the characters of a token68 (RFC 9110).
      const credential = secretValue(random, `${ALNUM}-._~+/`);
      const scheme = pick(random, ['Bearer', 'Api-Key', 'Basic', 'bearer', 'Token', 'Digest', 'MAC', 'Custom-Scheme']);
      const known = ['Bearer', 'Api-Key', 'Basic', 'bearer'].includes(scheme);
      const value = `${random() < 0.5 || !known ? 'Authorization: ' : 'proxy saw '}${scheme} ${credential}`;
      return { value: random() < 0.3 ? encodeURIComponent(value) : value, secret: credential, text: true };
    }
    case 7: {
      // A pair that names the credential: a header tuple (as `Headers` entries are), a cookie, a form field.
      const name = pick(random, ['x-api-key', 'Authorization', 'cookie', 'X-Session-Id', 'token']);
      const value = name === 'cookie' ? `theme=dark; sid=${secret}` : secret;
      return { value: random() < 0.5 ? [[name, value], ['accept', 'text/csv']] : [{ name, value }, { key: name, value }], secret, text: false };
    }
    case 8: {
      // An address with user info: the password percent-encoded, as an address carries it.
      const address = `https://ann:${encodeURIComponent(secret)}@files.example.com/f.csv`;
      return { value: pick(random, ENCODINGS.slice(0, 3))(address).replace('acme.example.com/e?', ''), secret, text: true };
    }
    case 4: {
      // A JSON Web Token: its signature is what must go.
      const signature = `${word(random, ALNUM, 10)}_${word(random, ALNUM, 20)}`;
      const jwt = `eyJ${word(random, ALNUM, 12)}.eyJ${word(random, ALNUM, 16)}.${signature}`;
      return { value: `${filler(random)} ${jwt} ${filler(random)}`, secret: signature, text: true };
    }
    case 5: {
      // A secret the page loaded (its own session), quoted anywhere, in any form, any character in it.
      const own = secretValue(random);
      rememberSecret(own);
      const bytes = Buffer.from(`${word(random, ALNUM, int(random, 0, 2))}${own};`);
      const form = pick(random, [
        own,
        encodeURIComponent(own),
        encodeURIComponent(encodeURIComponent(own)),
        JSON.stringify(own).slice(1, -1).replace(/\//g, '\\/'),
        [...own].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
        bytes.toString('hex'),
        bytes.toString('base64'),
        bytes.toString('base64url'),
      ]);
      return { value: `${filler(random)} session ${form} was refused (x=${form})`, secret: own, text: true };
    }
    default: {
      const name = pick(random, ['X-Amz-Signature', 'X-Goog-Signature', 'Signature', 'sig', 'signature']);
      const address = `https://files.example.com/f.csv?Expires=1&${name}=${encodeURIComponent(secret)}&Key-Pair-Id=K`;
      return { value: pick(random, ENCODINGS)(address), secret, text: true };
    }
  }
}

/** A random JSON-like value with the plants put at random places, at random depths. */
function payload(random: Random, plants: Plant[], depth: number): unknown {
  if (depth > 4 || random() < 0.25) {
    if (plants.length > 0 && random() < 0.4) {
      const planted = plants.pop() as Plant;
      return planted.text && random() < 0.5 ? `${filler(random)} ${planted.value as string} ${filler(random)}` : planted.value;
    }
    // Now and then a long text, so that plants land past the 16 KB an entry keeps, or across the cut.
    if (random() < 0.03) return `${'lorem ipsum '.repeat(int(random, 1000, 1500))}${plants.at(-1)?.text === true ? ((plants.pop() as Plant).value as string) : ''}`;
    return pick<unknown>(random, [filler(random), int(random, 0, 1000), true, null]);
  }
  if (random() < 0.4) return Array.from({ length: int(random, 1, 4) }, () => payload(random, plants, depth + 1));
  const object: Record<string, unknown> = {};
  for (let i = int(random, 1, 4); i > 0; i--) object[pick(random, ['path', 'filters', 'meta', 'rows', 'name', 'detail', 'value'])] = payload(random, plants, depth + 1);
  return object;
}

/** The case's entry: its plants all placed (whatever the random walk left over goes at the top). */
function entryFor(random: Random, plants: Plant[]): EmbedInspectorEntry {
  const at = 1;
  const kind = int(random, 0, 3);
  if (kind === 0 && plants.every((p) => p.text)) {
    return { kind: 'lifecycle', embedId: 'e', at, phase: 'loading', detail: plants.map((p) => `${filler(random)} ${p.value as string}`).join(' ') };
  }
  const data = payload(random, plants, 0);
  const body = { data, rest: plants.map((p) => p.value) };
  if (kind === 2) {
    return { kind: 'dropped', embedId: 'e', at, report: { reason: pick(random, ['bad-payload', 'wrong-origin', 'unknown-type']), detail: JSON.stringify(body.rest), embedId: 'e', origin: 'https://x.example', data: body } };
  }
  return {
    kind: kind === 3 ? 'action-sent' : 'event',
    embedId: 'e',
    at,
    message: { source: 'svc-embed', direction: kind === 3 ? 'action' : 'event', type: 'svc:event:navigate', payload: body, timestamp: at, surface: 'dashboard' },
  } as unknown as EmbedInspectorEntry;
}

/**
 * The forms a shown secret would take, and its two distinctive ends (seven letters and digits each, which no
 * encoding changes): a scrubber that stops inside the secret, at a `%2B` say, shows the end that follows.
 */
function forms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [...new Set([secret, json, json.replace(/\//g, '\\/'), encodeURIComponent(secret), encodeURIComponent(encodeURIComponent(secret)), secret.slice(0, 7), secret.slice(-7)])];
}

afterEach(() => {
  forgetSecrets();
  vi.useRealTimers();
});

describe('the scrubber, on random payloads with planted secrets', () => {
  const CASES = 2_000;

  it(`shows none of them in ${CASES} cases: rows, details, JSON, clipboard, debug reports`, () => {
    vi.useFakeTimers();
    let planted = 0;
    const failures: string[] = [];
    for (let seed = 1; seed <= CASES; seed++) {
      forgetSecrets();
      const random = generator(seed);
      const plants = Array.from({ length: int(random, 1, 3) }, () => plant(random));
      const secrets = plants.map((p) => p.secret);
      const entry = entryFor(random, [...plants]);
      planted += secrets.length;
      const timeline = createTimeline();
      timeline.push(entry);
      vi.runAllTimers();
      const item = timeline.getSnapshot()[0];
      if (item === undefined) throw new Error(`seed ${seed}: not recorded`);
      const { title, detail } = describeEntry(item.entry);
      // The JSON view and the clipboard both show toDisplayJson; a development debug report is redactShownValue.
      const shown = [title, detail, toDisplayJson(item.entry), JSON.stringify(redactShownValue(entry))].join('\n');
      for (const secret of secrets) {
        const found = forms(secret).find((form) => shown.includes(form));
        if (found !== undefined) failures.push(`seed ${seed}: ${JSON.stringify(found)} in ${JSON.stringify(shown.slice(Math.max(0, shown.indexOf(found) - 120), shown.indexOf(found) + 60))}`);
      }
    }
    expect(failures.slice(0, 8), `${failures.length} leaks`).toEqual([]);
    expect(planted).toBeGreaterThan(CASES);
  }, 60_000);
});
