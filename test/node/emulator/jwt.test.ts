import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../../src/emulator/jwt.js';

// The data API's token check: which tokens it takes and the reason it gives for each one it refuses.
const SECRET = 'a-test-secret';
const NOW = Date.UTC(2026, 0, 1);
const part = (value: string): string => Buffer.from(value).toString('base64url');
/** A token with this header and body text, correctly signed: only its content can be wrong. */
const signed = (head: string, body: string, secret = SECRET): string =>
  `${part(head)}.${part(body)}.${createHmac('sha256', secret).update(`${part(head)}.${part(body)}`).digest('base64url')}`;

describe('verifyJwt', () => {
  it('accepts a token it signed, with its claims, before its exp', () => {
    const token = signJwt({ sub: 'emulator', exp: NOW / 1000 + 1 }, SECRET);
    expect(verifyJwt(token, SECRET, NOW)).toEqual({ ok: true, claims: { sub: 'emulator', exp: NOW / 1000 + 1 } });
  });

  it('accepts a token without exp at any time', () => {
    expect(verifyJwt(signJwt({ sub: 'x' }, SECRET), SECRET, NOW).ok).toBe(true);
  });

  it('refuses a token whose exp is not a number of seconds, rather than letting it live forever', () => {
    for (const exp of [null, '9999999999', true, {}]) {
      expect(verifyJwt(signJwt({ exp }, SECRET), SECRET, NOW)).toEqual({ ok: false, reason: 'the token is malformed' });
    }
  });

  it('refuses a signed payload that is not a claims object', () => {
    for (const body of ['null', '5', '"claims"', '[]']) {
      expect(verifyJwt(signed('{"alg":"HS256"}', body), SECRET, NOW)).toEqual({ ok: false, reason: 'the token is malformed' });
    }
  });

  it('refuses a token from the second its exp is reached', () => {
    expect(verifyJwt(signJwt({ exp: NOW / 1000 }, SECRET), SECRET, NOW)).toEqual({ ok: false, reason: 'the token has expired' });
  });

  it('refuses what is not three dot-separated parts', () => {
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d']) expect(verifyJwt(token, SECRET, NOW)).toEqual({ ok: false, reason: 'the token is not a JWT' });
  });

  it('refuses a token signed with another secret, or with its signature cut short', () => {
    const token = signJwt({ sub: 'x' }, 'another-secret');
    expect(verifyJwt(token, SECRET, NOW)).toEqual({ ok: false, reason: 'the token signature is invalid' });
    expect(verifyJwt(signJwt({ sub: 'x' }, SECRET).slice(0, -4), SECRET, NOW)).toEqual({ ok: false, reason: 'the token signature is invalid' });
  });

  it('refuses a correctly signed token whose algorithm is not HS256', () => {
    for (const head of ['{"alg":"none","typ":"JWT"}', '{"alg":"HS512"}', '{"typ":"JWT"}']) {
      expect(verifyJwt(signed(head, '{"sub":"x"}'), SECRET, NOW)).toEqual({ ok: false, reason: 'the token algorithm is not supported' });
    }
  });

  it('refuses a correctly signed token whose header or body is not JSON', () => {
    expect(verifyJwt(signed('not json', '{"sub":"x"}'), SECRET, NOW)).toEqual({ ok: false, reason: 'the token is malformed' });
    expect(verifyJwt(signed('{"alg":"HS256"}', '{"sub":'), SECRET, NOW)).toEqual({ ok: false, reason: 'the token is malformed' });
  });
});
