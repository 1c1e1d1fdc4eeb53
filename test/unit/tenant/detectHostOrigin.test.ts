import { describe, expect, it } from 'vitest';
import { detectHostOrigin } from '../../../src/tenant/index.js';

/** A window inside an iframe, as far as detectHostOrigin looks at it. */
function framedWindow(ancestors: string[] | undefined, referrer: string): Window {
  const list =
    ancestors === undefined
      ? undefined
      : { length: ancestors.length, item: (i: number) => ancestors[i] ?? null, contains: (s: string) => ancestors.includes(s) };
  const win = { parent: {}, location: { ancestorOrigins: list }, document: { referrer } };
  return win as unknown as Window;
}

describe('detectHostOrigin', () => {
  it('prefers location.ancestorOrigins[0]', () => {
    expect(detectHostOrigin(framedWindow(['http://127.0.0.1:5173', 'https://top.example.com'], 'https://other.example.com/x'))).toBe(
      'http://127.0.0.1:5173',
    );
  });

  it('falls back to the origin of document.referrer', () => {
    expect(detectHostOrigin(framedWindow(undefined, 'https://app.example.com/reports?tab=1'))).toBe('https://app.example.com');
    expect(detectHostOrigin(framedWindow([], 'https://app.example.com/'))).toBe('https://app.example.com');
  });

  it('gives null when the host cannot be known', () => {
    expect(detectHostOrigin(framedWindow(undefined, ''))).toBeNull();
    expect(detectHostOrigin(framedWindow(['null'], 'https://app.example.com/'))).toBeNull();
    expect(detectHostOrigin(framedWindow(undefined, 'not a url'))).toBeNull();
  });

  it('gives null for a top-level page', () => {
    expect(window.parent).toBe(window);
    expect(detectHostOrigin()).toBeNull();
  });

  it('gives null for a top-level page reached through a link, whatever its referrer says', () => {
    const win = { location: { ancestorOrigins: undefined }, document: { referrer: 'https://search.example.com/results' } };
    const top = Object.assign(win, { parent: win }) as unknown as Window;
    expect(detectHostOrigin(top)).toBeNull();
  });

  it('gives null when the referrer has an opaque origin', () => {
    expect(detectHostOrigin(framedWindow(undefined, 'file:///home/me/report.html'))).toBeNull();
    expect(detectHostOrigin(framedWindow(undefined, 'data:text/html,<p>host</p>'))).toBeNull();
  });
});
