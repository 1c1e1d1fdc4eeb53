import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedFrame } from '../../../src/controller/createEmbedFrame.js';
import type { FramePlacement } from '../../../src/controller/FramePlacement.js';

const SRC = 'https://acme.example.com/embed/dashboard/sales';

/** A placement that puts each new iframe in the page, in place of the one it replaces. */
const placement: FramePlacement = {
  mode: 'test',
  show() {},
  park() {},
  put(frame, previous) {
    if (previous) previous.replaceWith(frame);
    else document.body.append(frame);
  },
  dispose() {},
};

/** The iframe of one load, hidden at once (as the lifecycle does for `reveal: 'ready'`) or left as it came. */
function load(hidden: boolean): { frame: ReturnType<typeof createEmbedFrame>; iframe: HTMLIFrameElement } {
  const frame = createEmbedFrame({ placement, embedId: 'sales', frameLoaded: () => {} });
  frame.load(SRC, 'Sales');
  if (hidden) frame.hide(true);
  return { frame, iframe: frame.element as HTMLIFrameElement };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the iframe of one load', () => {
  it('fills its host without a border, may copy to the clipboard and go fullscreen, and names its embed', () => {
    const { iframe } = load(false);
    expect(iframe.src).toBe(SRC);
    expect(iframe.title).toBe('Sales');
    expect(iframe.getAttribute('data-svc-embed-id')).toBe('sales');
    expect(iframe.getAttribute('allow')).toBe('clipboard-write; fullscreen');
    expect(iframe.style.borderWidth || iframe.style.border).toMatch(/^0/);
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.height).toBe('100%');
    expect(iframe.style.display).toBe('block');
  });

  it('comes shown and reachable, and hidden is out of sight, pointer, keyboard and assistive technology', () => {
    const { iframe: shown } = load(false);
    expect(shown.style.opacity).toBe('');
    expect(shown.style.pointerEvents).toBe('');
    expect(shown.hasAttribute('tabindex')).toBe(false);
    expect(shown.hasAttribute('aria-hidden')).toBe(false);
    const { iframe: hidden } = load(true);
    expect(hidden.style.opacity).toBe('0');
    expect(hidden.style.pointerEvents).toBe('none');
    expect(hidden.getAttribute('tabindex')).toBe('-1');
    expect(hidden.getAttribute('aria-hidden')).toBe('true');
  });

  it('takes pointer events again once shown', () => {
    const { frame, iframe } = load(true);
    frame.hide(false);
    expect(iframe.style.pointerEvents).toBe('');
    expect(iframe.style.opacity).toBe('');
    expect(iframe.hasAttribute('tabindex')).toBe(false);
    expect(iframe.hasAttribute('aria-hidden')).toBe(false);
    // Still laid out while hidden, so it is ready the moment it is shown.
    frame.hide(true);
    expect(iframe.style.display).toBe('block');
    expect(iframe.style.pointerEvents).toBe('none');
  });

  it('replaces the previous iframe with a new one for each load, and a retired one is hidden', () => {
    const { frame, iframe: first } = load(false);
    frame.load(`${SRC}?locale=de`, 'Sales');
    const second = frame.element as HTMLIFrameElement;
    expect(second).not.toBe(first);
    expect(second.src).toBe(`${SRC}?locale=de`);
    expect(first.isConnected).toBe(false);
    frame.retire();
    expect(second.style.opacity).toBe('0');
    expect(second.getAttribute('aria-hidden')).toBe('true');
  });
});
