import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// An app whose dependencies import this package (the ES module build) and require it (the CommonJS build)
// loads two copies of its code. They must still share one page: one registry of embeds, one session ledger.
const dist = fileURLToPath(new URL('../../../dist/', import.meta.url));
const require = createRequire(import.meta.url);

describe('the ES module and CommonJS builds loaded side by side', () => {
  it('share the default embed runtime, its registry and the inspector developer tools read', async () => {
    const esm = await import(`${dist}protocol/index.js`);
    const cjs = require(`${dist}cjs/protocol/index.js`);
    expect(cjs.createEmbedRuntime).not.toBe(esm.createEmbedRuntime);
    expect(cjs.getDefaultEmbedRuntime()).toBe(esm.getDefaultEmbedRuntime());
    expect(cjs.embedRegistry).toBe(esm.embedRegistry);
    expect(cjs.embedInspector).toBe(esm.embedInspector);
  });

  it('refuse a second embed with a taken embedId whichever build made the first', async () => {
    const esm = await import(`${dist}protocol/index.js`);
    const cjs = require(`${dist}cjs/protocol/index.js`);
    const window = { contentWindow: null };
    const first = esm.createEmbedBridge({ surface: 'chat', tenantOrigin: 'https://acme.example.com', embedId: 'shared' });
    const second = cjs.createEmbedBridge({ surface: 'chat', tenantOrigin: 'https://acme.example.com', embedId: 'shared' });
    const disconnect = first.connect(window);
    try {
      expect(() => second.connect(window)).toThrow(expect.objectContaining({ code: 'SVC204' }));
    } finally {
      disconnect();
    }
  });
});
