import { describe, expect, it } from 'vitest';
import { embedIdentity } from '../../../src/controller/embedIdentity.js';
import { stableKey } from '../../../src/controller/stableKey.js';

/**
 * The two keys things are matched by: an embed's identity (parked embeds and preloads are found by it, so two
 * embeds must share it exactly when they are the same embed) and a controlled value's key (an equal value
 * rendered again must send nothing, a changed one must be sent).
 */

const sales = { surface: 'dashboard', tenantOrigin: 'https://acme.example.com', publicId: 'sales' } as const;

describe('the identity of an embed', () => {
  it('is one for the same tenant however its origin is written', () => {
    expect(embedIdentity({ ...sales, tenantOrigin: 'https://Acme.example.com/' })).toBe(embedIdentity(sales));
  });

  it('is one for a deployment id given as a number or as its text, and differs between deployments', () => {
    const app = { surface: 'app', tenantOrigin: sales.tenantOrigin } as const;
    expect(embedIdentity({ ...app, deploymentId: 42 })).toBe(embedIdentity({ ...app, deploymentId: '42' }));
    expect(embedIdentity({ ...app, deploymentId: 42 })).not.toBe(embedIdentity({ ...app, deploymentId: 43 }));
    // No deployment is not a deployment whose id reads "undefined".
    expect(embedIdentity(app)).not.toBe(embedIdentity({ ...app, deploymentId: 'undefined' }));
  });

  it('tells apart a public id from a deployment id with the same text, the surfaces, and named embeds', () => {
    const app = { surface: 'app', tenantOrigin: sales.tenantOrigin } as const;
    expect(embedIdentity({ ...app, publicId: '42' })).not.toBe(embedIdentity({ ...app, deploymentId: 42 }));
    expect(embedIdentity({ ...sales, surface: 'app' })).not.toBe(embedIdentity(sales));
    expect(embedIdentity({ ...sales, embedId: 'left' })).not.toBe(embedIdentity({ ...sales, embedId: 'right' }));
    expect(embedIdentity({ ...sales, embedId: 'left' })).not.toBe(embedIdentity(sales));
  });

  it('refuses a tenant origin the embed would refuse', () => {
    expect(() => embedIdentity({ ...sales, tenantOrigin: 'http://acme.example.com' })).toThrow(/https/);
  });
});

describe('the key of a controlled value', () => {
  it('is equal for equal content whatever the order of its keys, at any depth', () => {
    expect(stableKey({ primaryColor: '#f00', font: { family: 'Inter', size: 14 } })).toBe(
      stableKey({ font: { size: 14, family: 'Inter' }, primaryColor: '#f00' }),
    );
  });

  it('differs when a value changes, and keeps the order of a list', () => {
    expect(stableKey({ value: 'open' })).not.toBe(stableKey({ value: 'closed' }));
    expect(stableKey({ values: ['a', 'b'] })).not.toBe(stableKey({ values: ['b', 'a'] }));
  });

  it('tells a list from an object with the same entries, and null from an empty object', () => {
    expect(stableKey(['a'])).not.toBe(stableKey({ 0: 'a' }));
    expect(stableKey({ value: null })).not.toBe(stableKey({ value: {} }));
    expect(stableKey(null)).toBe('null');
  });
});
