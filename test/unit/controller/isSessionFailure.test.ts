import { describe, expect, it } from 'vitest';
import { isSessionFailure } from '../../../src/controller/index.js';

const afterReady = { signed: true, readySinceLoad: true };

describe('which embed errors count as a failed session', () => {
  it('recognises "sign in" written with a space, a hyphen or as one word', () => {
    for (const message of ['Please sign in again', 'Sign-in required', 'signin required']) {
      expect(isSessionFailure({ message, fatal: true }, afterReady)).toBe(true);
    }
    // A word merely starting and ending like it is about the content.
    expect(isSessionFailure({ message: 'Signal lost in chart', fatal: true }, afterReady)).toBe(false);
  });

  it('counts an expired, invalid or revoked token, but not a token budget or other content that says token', () => {
    for (const message of ['Token expired', 'Invalid token', 'token is revoked', 'Token revoked', 'Unauthorized', 'Your session ended']) {
      expect(isSessionFailure({ message, fatal: true }, afterReady), message).toBe(true);
    }
    for (const message of ['AI token budget exceeded', 'Too many tokens in the prompt', 'Tokenizer failed']) {
      expect(isSessionFailure({ message, fatal: true }, afterReady), message).toBe(false);
    }
    expect(isSessionFailure({ name: 'SessionExpiredError', message: 'x', fatal: true }, afterReady)).toBe(true);
  });

  it('never counts an error the embed can recover from, however it is worded', () => {
    expect(isSessionFailure({ message: 'Token expired', fatal: false }, afterReady)).toBe(false);
    expect(isSessionFailure({ name: 'SessionError', message: 'x', fatal: false }, { signed: true, readySinceLoad: false })).toBe(false);
  });

  it('counts any fatal error of a signed load that never sent ready, and only then', () => {
    const error = { message: 'Chart query failed', name: 'QueryError', fatal: true };
    expect(isSessionFailure(error, { signed: true, readySinceLoad: false })).toBe(true);
    expect(isSessionFailure(error, { signed: true, readySinceLoad: true })).toBe(false);
    expect(isSessionFailure(error, { signed: false, readySinceLoad: false })).toBe(false);
  });

  it('never counts an entitlement refusal, though it arrives before ready and speaks of the session', () => {
    // What the platform sends when the session's settings say allowAi: false: a new session would say the same.
    const refusal = { name: 'AiNotAllowedError', message: 'AI is turned off for this session (settings.allowAi: false).', fatal: true };
    expect(isSessionFailure(refusal, { signed: true, readySinceLoad: false })).toBe(false);
    expect(isSessionFailure(refusal, afterReady)).toBe(false);
    // The same words under another name still count.
    expect(isSessionFailure({ ...refusal, name: 'Error' }, afterReady)).toBe(true);
  });
});
