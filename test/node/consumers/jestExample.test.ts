import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const example = fileURLToPath(new URL('../../../examples/jest/', import.meta.url));

// An app on Jest's default CommonJS setup, with babel-jest and with ts-jest (module commonjs, which resolves
// types without `exports`), runs the testing kit's example from the Testing docs page against the packed package.
it('the documented testing-kit example passes under Jest with babel-jest and with ts-jest', () => {
  expect(existsSync(`${example}node_modules/svc-embed-react/package.json`), 'run `npm run test:setup` first').toBe(true);
  // No cache: ts-jest's type errors come from the installed package, which Jest's cache key does not cover.
  const run = spawnSync(process.execPath, [`${example}node_modules/jest/bin/jest.js`, '--ci', '--no-cache'], {
    cwd: example,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'test' },
  });
  const output = `${run.stdout}${run.stderr}`;
  expect(output).toMatch(/PASS babel-jest test\/Report\.test\.tsx/);
  expect(output).toMatch(/PASS ts-jest test\/Report\.test\.tsx/);
  expect(output).toMatch(/PASS (babel|ts)-jest test\/server\.test\.ts/);
  expect(run.status, output).toBe(0);
}, 90_000);
