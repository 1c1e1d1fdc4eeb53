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
  it.each(['SIGTERM', 'SIGINT'] as const)('stopped by %s, leaves no process behind and frees the port', async (signal) => {
    // Resolves once the start script printed its banner (and fails the test with its output otherwise).
    playground = await startPlayground();
    const { child: start, storybookPort, emulatorPort } = playground;
    const exited = new Promise<number | null>((resolve) => start.once('exit', resolve));
    await expect.poll(() => answers(storybookPort), { timeout: 30_000 }).toBe(true);
    // The renewal recipe's two emulators (short token lives, and the older platform), from the banner.
    const renewalPorts = [...(playground.output().match(/Renewal .*/)?.[0] ?? '').matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
    expect(renewalPorts).toHaveLength(2);
    for (const port of renewalPorts) expect(await answers(port)).toBe(true);
    spawned = descendants(start.pid as number);
    // npx and the Storybook server under it, at least.
    expect(spawned.length).toBeGreaterThanOrEqual(2);

    // Only the start script gets the signal, as from `kill` or a process manager.
    start.kill(signal);
    expect(await exited).toBe(0);
    expect(spawned.filter(alive)).toEqual([]);
    expect(await answers(storybookPort)).toBe(false);
    expect(await answers(emulatorPort)).toBe(false);
    for (const port of renewalPorts) expect(await answers(port)).toBe(false);
  }, 150_000);
});
