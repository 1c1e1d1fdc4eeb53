import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedactor } from '../../../src/credentials/createRedactor.js';
import { previewValue } from '../../../src/credentials/previewValue.js';
import { forgetSecrets, rememberSecret } from '../../../src/credentials/rememberSecret.js';
import { redactShownText } from '../../../src/credentials/redactShownText.js';
import { redactShownValue } from '../../../src/credentials/redactShownValue.js';

// Properties of the forms the scrubber once let through, over secrets of any characters. Each secret is
// distinctive at both ends (a letter and six letters or digits each) around a middle of ANY characters
// (punctuation a URL must percent-encode, spaces, quotes, backslashes, characters outside ASCII); a scrubber
// that stops inside the secret shows its end, so the ends are what must never be seen.

const RUNS = 300;

const alnum = fc.stringMatching(/^[A-Za-z0-9]{6}$/);
/**
 * Any characters at all, weighted towards ASCII punctuation (each one a URL must percent-encode, `%` itself
 * included), which uniform code points would almost never draw.
 */
const anything = fc.string({
  unit: fc.oneof(fc.constantFrom(...' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
  minLength: 1,
  maxLength: 16,
});
/** The characters of a `token68` (an authorization credential). */
const token68 = fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,16}$/);

/** A distinctive secret around a middle drawn from `middle`. */
const secretOf = (middle: fc.Arbitrary<string>) => fc.tuple(alnum, middle, alnum).map(([start, inner, end]) => ({ secret: `Q${start}${inner}Z${end}`, ends: [`Q${start}`, `Z${end}`] }));

/** The ends of the secret found in `shown`. */
const leaked = (shown: string, ends: readonly string[]): string[] => ends.filter((end) => shown.includes(end));

/** Ways an address travels: raw, inside another address (encoded once or twice), as a JSON string, HTML-safe JSON. */
const carriedAddress = fc.constantFrom<(address: string) => string>(
  (address) => address,
  (address) => `https://outer.example.com/r?next=${encodeURIComponent(address)}&x=1`,
  (address) => `https://a.example/r?u=${encodeURIComponent(`https://b.example/r?u=${encodeURIComponent(address)}`)}`,
  (address) => JSON.stringify({ url: address }),
  (address) => address.replace(/&/g, '\\u0026').replace(/=/g, '\\u003d'),
);

const credentialName = fc.constantFrom('access_token', 'token', 'session', 'sessionId', 'X-Amz-Signature', 'sig', 'apiKey', 'client_secret', 'password');

afterEach(() => forgetSecrets());

describe('the scrubber, over secrets of any characters', () => {
  it('removes a percent-encoded credential parameter whole, however the address travels', () => {
    fc.assert(
      fc.property(secretOf(anything), credentialName, carriedAddress, fc.constantFrom('?', '#', '&'), ({ secret, ends }, name, carry, delimiter) => {
        const address = `https://app.example.com/cb?a=1${delimiter === '?' ? '&' : delimiter}${name}=${encodeURIComponent(secret)}&b=2`;
        const shown = redactShownText(carry(address));
        expect(leaked(shown, ends), shown).toEqual([]);
        expect(shown).toContain('[redacted]');
      }),
      { numRuns: RUNS },
    );
  });

  it('removes the credential of an Authorization header of any scheme, and keeps the scheme word', () => {
    const scheme = fc.oneof(fc.constantFrom('Bearer', 'Basic', 'Token', 'Api-Key', 'MAC', 'Digest'), fc.stringMatching(/^[A-Z][A-Za-z0-9-]{0,12}$/));
    fc.assert(
      fc.property(secretOf(token68), scheme, fc.boolean(), ({ secret, ends }, word, json) => {
        const header = word === 'Digest' || word === 'MAC' ? `${word} username="ann", nonce="n1", response="${secret}"` : `${word} ${secret}`;
        const text = json ? JSON.stringify({ headers: { Authorization: header } }) : `GET /x\r\nAuthorization: ${header}\r\nHost: h`;
        for (const redact of [redactShownText, createRedactor([])]) {
          const shown = redact(text);
          expect(leaked(shown, ends), shown).toEqual([]);
          expect(shown).toContain(`${word} [redacted]`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('removes the value of a pair that names a credential, as a value and as JSON text', () => {
    const pairName = fc.constantFrom('x-api-key', 'Authorization', 'cookie', 'X-Session-Id', 'token', 'Set-Cookie');
    const shape = fc.constantFrom<(name: string, value: string) => unknown>(
      (name, value) => [[name, value], ['accept', 'text/csv']],
      (name, value) => ({ fields: [{ name, value }] }),
      (name, value) => ({ fields: [{ key: name, value }] }),
    );
    fc.assert(
      fc.property(secretOf(anything), pairName, shape, ({ secret, ends }, name, make) => {
        const value = make(name, name.toLowerCase().includes('cookie') ? `theme=dark; sid=${secret}` : secret);
        for (const shown of [JSON.stringify(redactShownValue(value)), JSON.stringify(previewValue(value).value), redactShownText(JSON.stringify(value))]) {
          expect(leaked(shown, ends), shown).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("removes the password of an address's user info, percent-encoded as an address carries it", () => {
    fc.assert(
      fc.property(secretOf(anything), carriedAddress, ({ secret, ends }, carry) => {
        const text = carry(`https://ann:${encodeURIComponent(secret)}@files.example.com/f.csv`);
        for (const redact of [redactShownText, createRedactor([])]) {
          const shown = redact(text);
          expect(leaked(shown, ends), shown).toEqual([]);
          expect(shown).toContain('files.example.com');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('removes a remembered secret of any characters in any echoed form, hex and base64 included', () => {
    const form = fc.constantFrom<(secret: string, before: string) => string>(
      (secret) => secret,
      (secret) => encodeURIComponent(secret),
      (secret) => encodeURIComponent(encodeURIComponent(secret)),
      (secret) => JSON.stringify(secret).slice(1, -1),
      (secret) => JSON.stringify(JSON.stringify(secret)).slice(1, -1),
      (secret, before) => Buffer.from(`${before}${secret};`).toString('hex'),
      (secret, before) => Buffer.from(`${before}${secret};`).toString('hex').toUpperCase(),
      (secret, before) => Buffer.from(`${before}${secret};`).toString('base64'),
      (secret, before) => Buffer.from(`${before}${secret};`).toString('base64url'),
    );
    fc.assert(
      fc.property(secretOf(anything), form, fc.constantFrom('', 'a', 'ab', 'sid='), ({ secret }, write, before) => {
        forgetSecrets();
        rememberSecret(secret);
        const echoed = write(secret, before);
        const shown = redactShownText(`session ${echoed} was refused`);
        expect(shown).toContain('[redacted]');
        // What is left of the echo beside the marker is a few characters at most: base64 or hex of the bytes
        // around the secret, never a long part of it.
        const left = shown.replace(/^session |\[redacted\]| was refused$/g, ' ').split(' ');
        expect(left.filter((piece) => piece.length > 8), shown).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});
