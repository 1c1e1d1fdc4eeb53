import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// An app type-checked against the built package's declarations by each TypeScript an app may use.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const COMPILERS = [
  ['5.9', 'ts59/bin/tsc'],
  ['6', 'typescript/bin/tsc'],
  ['7', 'ts7/bin/tsc'],
] as const;

const APP = `import { SvcDashboard, useSvcEvents } from 'svc-embed-react';

export function Good({ region }: { region: string }) {
  useSvcEvents('svc:event:download', (payload) => console.log(payload.format));
  return <SvcDashboard tenantOrigin="https://acme.example.com" publicId="p" filters={{ 'orders.region': { value: region } }} />;
}

export function Bad() {
  useSvcEvents('svc:event:nope', () => {});
  return <SvcDashboard tenantOrigin="https://acme.example.com" publicId="p" filters={{ region: { value: 'EU' } }} />;
}
`;

let app: string;
beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'svc-types-'));
  mkdirSync(join(app, 'node_modules/@types'), { recursive: true });
  symlinkSync(root, join(app, 'node_modules/svc-embed-react'), 'dir');
  for (const name of ['react', '@types/react']) symlinkSync(join(root, 'node_modules', name), join(app, 'node_modules', name), 'dir');
  writeFileSync(join(app, 'app.tsx'), APP);
  const compilerOptions = { strict: true, noEmit: true, jsx: 'react-jsx', module: 'preserve', moduleResolution: 'bundler', target: 'es2022', skipLibCheck: true, types: [] };
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.tsx'] }));
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

describe.each(COMPILERS)('TypeScript %s', (_version, bin) => {
  it('refuses a filter key without a dot and an unknown event name, with one error each', () => {
    const run = spawnSync(process.execPath, [join(root, 'node_modules', bin), '-p', app, '--pretty', 'false'], { encoding: 'utf8' });
    const errors = run.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors, run.stdout + run.stderr).toHaveLength(2);
    expect(errors[0]).toMatch(/app\.tsx\(9,16\).*'"svc:event:nope"'.*not assignable/);
    expect(errors[0]).not.toMatch(/overload/i);
    expect(errors[1]).toMatch(/app\.tsx\(10,.*'region'/);
  }, 60_000);
});
