import { createHmac, timingSafeEqual } from 'node:crypto';

const base64url = (input: Buffer | string): string => Buffer.from(input).toString('base64url');

/** Signs an HS256 JWT (the emulator's data API token). */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** The result of {@link verifyJwt}. */
export type JwtCheck = { readonly ok: true; readonly claims: Record<string, unknown> } | { readonly ok: false; readonly reason: string };

/** The refusal of a token whose header or claims cannot be used. */
const MALFORMED: JwtCheck = { ok: false, reason: 'the token is malformed' };

/** Verifies an HS256 JWT's shape, signature and `exp` (seconds). */
export function verifyJwt(token: string, secret: string, nowMs = Date.now()): JwtCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'the token is not a JWT' };
  const [head, body, signature] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'the token signature is invalid' };
  }
  let claims: Record<string, unknown>;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
    if (header.alg !== 'HS256') return { ok: false, reason: 'the token algorithm is not supported' };
    const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return MALFORMED;
    claims = parsed as Record<string, unknown>;
  } catch {
    return MALFORMED;
  }
  const { exp } = claims;
  if (exp === undefined) return { ok: true, claims };
  // RFC 7519's `exp` is a number of seconds; anything else makes the token unusable, never a token without an end.
  if (typeof exp !== 'number') return MALFORMED;
  if (exp * 1000 <= nowMs) return { ok: false, reason: 'the token has expired' };
  return { ok: true, claims };
}
