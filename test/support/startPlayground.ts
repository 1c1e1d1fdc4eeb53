import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './freePort.js';

/** `npm start` running: the emulator and Storybook's dev server, on loopback. */
export interface RunningPlayground {
  /** The start script's process (Storybook runs in its own process group below it). */
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<storybookPort>`. */
  readonly url: string;
  readonly storybookPort: number;
  readonly emulatorPort: number;
  /** What the start script and Storybook printed so far. */
  output(): string;
  /** Stops the start script, which stops Storybook's group and the emulator; resolves when it has exited. */
  stop(): Promise<void>;
}

const repo = new URL('../../', import.meta.url);

/** How {@link startPlayground} runs the start script. */
export interface StartPlaygroundOptions {
  /**
   * `npm start` itself (without its `prestart` build: the suite has built already, and a rebuild would change
   * `dist/` under the files running beside it), so `child` is the npm process, with its shell and the start
   * script below it. Otherwise `node .storybook/start.mjs`, and `child` is the start script.
   * @default false
   */
  readonly throughNpm?: boolean;
  /** @default 90_000 */
  readonly timeoutMs?: number;
}

/**
 * Runs `node .storybook/start.mjs` (what `npm start` runs after its build) on free ports, and resolves once it
 * printed its banner. Rejects with the output if it exits first or does not serve within `timeoutMs`.
 */
export async function startPlayground({ throughNpm = false, timeoutMs = 90_000 }: StartPlaygroundOptions = {}): Promise<RunningPlayground> {
  const [storybookPort, emulatorPort] = [await freePort(), await freePort()];
  const [command, args] = throughNpm ? ['npm', ['start', '--ignore-scripts']] : [process.execPath, ['.storybook/start.mjs']];
  const child = spawn(command, args, {
    cwd: repo,
    env: { ...process.env, STORYBOOK_PORT: String(storybookPort), SVC_EMULATOR_PORT: String(emulatorPort), CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async (): Promise<void> => {
    if (gone()) return;
    // The start script gives Storybook five seconds to stop before it kills the group: wait a little longer.
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(force);
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().then(() => reject(new Error(`npm start did not serve within ${timeoutMs / 1000} s:\n${output}`)));
    }, timeoutMs);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Playground')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before serving:\n${output}`));
    });
  });
  return { child, url: `http://127.0.0.1:${storybookPort}`, storybookPort, emulatorPort, output: () => output, stop };
}
