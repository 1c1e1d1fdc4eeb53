import { afterEach, describe, expect, it } from 'vitest';
import { createStaticPlacement } from '../../../src/controller/index.js';

afterEach(() => {
  document.body.innerHTML = '';
});

const div = () => document.body.appendChild(document.createElement('div'));

describe('an iframe without keep-alive', () => {
  it('says it is static', () => {
    expect(createStaticPlacement().mode).toBe('static');
  });

  it('follows its embed to a new host', () => {
    const placement = createStaticPlacement();
    const first = div();
    placement.show(first);
    const frame = document.createElement('iframe');
    placement.put(frame, null);
    expect(frame.parentElement).toBe(first);
    const second = div();
    placement.show(second);
    expect(frame.parentElement).toBe(second);
    expect(first.children).toHaveLength(0);
  });

  it('waits for a host before showing an iframe put in place early, then shows it there', () => {
    const placement = createStaticPlacement();
    const frame = document.createElement('iframe');
    expect(() => placement.put(frame, null)).not.toThrow();
    expect(frame.isConnected).toBe(false);
    const host = div();
    placement.show(host);
    expect(frame.parentElement).toBe(host);
  });

  it('adds nothing to a host shown before any iframe was put in place', () => {
    const host = div();
    createStaticPlacement().show(host);
    expect(host.childNodes).toHaveLength(0);
  });

  it('leaves an iframe where it is when shown in the same host again (moving an iframe reloads its document)', () => {
    const placement = createStaticPlacement();
    const host = div();
    placement.show(host);
    const frame = document.createElement('iframe');
    placement.put(frame, null);
    const after = host.appendChild(document.createElement('p'));
    placement.show(host);
    expect([...host.children]).toEqual([frame, after]);
  });
});
