import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('the React under test', () => {
  it('is the major version this pass is meant to test', () => {
    const expected = process.env.SVC_EXPECTED_REACT_MAJOR;
    expect(expected).toMatch(/^\d+$/);
    expect(version.split('.')[0]).toBe(expected);
    expect(domVersion.split('.')[0]).toBe(expected);
    expect(renderToString(<b>{version}</b>)).toBe(`<b>${version}</b>`);
  });
});
