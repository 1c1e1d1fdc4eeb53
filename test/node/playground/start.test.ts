import { execFileSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningPlayground, startPlayground } from '../../support/startPlayground.js';

/** Whether something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every process descending from `root`, read from `ps`. */
function descendants(root: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [pid, ppid] of table) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let playground: RunningPlayground | undefined;
let spawned: number[] = [];

afterEach(() => {
  // Whatever the outcome, nothing this test started keeps running.
  for (const pid of [playground?.child.pid, ...spawned]) {
    if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
  }
  playground = undefined;
  spawned = [];
});

describe('npm start', () => {
  // One start (Storybook takes several seconds of a core to come up): stopped the way a CI job, an IDE's stop
  // button or a process manager stops it, by SIGTERM to the npm process alone. npm passes it to the shell it
  // runs the script in, not to the script: the script notices its ancestors going and stops everything.
  // (SIGINT and SIGTERM sent to the script itself take the same `stop`.)
  it('stopped by SIGTERM to the npm process, leaves no process behind and frees every port', async () => {
    // Resolves once the start script printed its banner (and fails the test with its output otherwise).
    playground = await startPlayground({ throughNpm: true });
    const { child: npm, storybookPort, emulatorPort } = playground;
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    await expect.poll(() => answers(storybookPort), { timeout: 30_000 }).toBe(true);
    // The renewal recipe's two emulators (short token lives, and the older platform), from the banner.
    const renewalPorts = [...(playground.output().match(/Renewal .*/)?.[0] ?? '').matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
    expect(renewalPorts).toHaveLength(2);
    for (const port of renewalPorts) expect(await answers(port)).toBe(true);
    spawned = descendants(npm.pid as number);
    // The shell, the start script, npx and the Storybook server under it, at least.
    expect(spawned.length).toBeGreaterThanOrEqual(4);

    const signalled = Date.now();
    npm.kill('SIGTERM');
    await exited;
    // Everything below npm goes too, within the start script's grace for Storybook (five seconds).
    await expect.poll(() => spawned.filter(alive), { timeout: 10_000, interval: 100 }).toEqual([]);
    console.log(`[npm start] every process gone ${Date.now() - signalled} ms after SIGTERM to npm`);
    expect(await answers(storybookPort)).toBe(false);
    expect(await answers(emulatorPort)).toBe(false);
    for (const port of renewalPorts) expect(await answers(port)).toBe(false);
  }, 150_000);
});
