import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedIframe, setFrameHidden } from '../../../src/controller/createEmbedIframe.js';

const SRC = 'https://acme.example.com/embed/dashboard/sales';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the iframe of one load', () => {
  it('fills its host without a border, may copy to the clipboard and go fullscreen, and names its embed', () => {
    const frame = createEmbedIframe(SRC, 'sales', 'Sales', false);
    expect(frame.src).toBe(SRC);
    expect(frame.title).toBe('Sales');
    expect(frame.getAttribute('data-svc-embed-id')).toBe('sales');
    expect(frame.getAttribute('allow')).toBe('clipboard-write; fullscreen');
    expect(frame.style.borderWidth || frame.style.border).toMatch(/^0/);
    expect(frame.style.width).toBe('100%');
    expect(frame.style.height).toBe('100%');
    expect(frame.style.display).toBe('block');
  });

  it('starts shown and reachable unless asked to start hidden', () => {
    const shown = createEmbedIframe(SRC, 'sales', 'Sales', false);
    expect(shown.style.opacity).toBe('');
    expect(shown.style.pointerEvents).toBe('');
    expect(shown.hasAttribute('tabindex')).toBe(false);
    expect(shown.hasAttribute('aria-hidden')).toBe(false);
    const hidden = createEmbedIframe(SRC, 'sales', 'Sales', true);
    expect(hidden.style.opacity).toBe('0');
    expect(hidden.style.pointerEvents).toBe('none');
    expect(hidden.getAttribute('tabindex')).toBe('-1');
    expect(hidden.getAttribute('aria-hidden')).toBe('true');
  });

  it('takes pointer events again once shown', () => {
    const frame = createEmbedIframe(SRC, 'sales', 'Sales', true);
    setFrameHidden(frame, false);
    expect(frame.style.pointerEvents).toBe('');
    expect(frame.style.opacity).toBe('');
    // Still laid out while hidden, so it is ready the moment it is shown.
    setFrameHidden(frame, true);
    expect(frame.style.display).toBe('block');
    expect(frame.style.pointerEvents).toBe('none');
  });
});
