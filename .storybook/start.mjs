// `npm start`: the tenant emulator and Storybook together, nothing to configure.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { playgroundTenants } from './playgroundTenants.mjs';

if (!existsSync(new URL('../dist/emulator/index.js', import.meta.url))) {
  console.error('The package is not built: run "npm run build" (npm start does it first).');
  process.exit(1);
}
const { startEmulator } = await import('../dist/emulator/index.js');

const wanted = Number(process.env.SVC_EMULATOR_PORT ?? 4010);
let emulator;
try {
  emulator = await startEmulator({ ...playgroundTenants.default.emulator, port: wanted });
} catch {
  // The usual port is taken: any free port will do, the stories read the address from the environment.
  emulator = await startEmulator({ ...playgroundTenants.default.emulator, port: 0 });
}
// The renewal recipe's two ("A tab open for days"), on free ports.
const shortEmulator = await startEmulator({ ...playgroundTenants.short.emulator, port: 0 });
const olderEmulator = await startEmulator({ ...playgroundTenants.older.emulator, port: 0 });
const running = { default: emulator, short: shortEmulator, older: olderEmulator };
const emulators = Object.values(running);
const closeEmulators = () => Promise.all(emulators.map((each) => each.close()));
const storybookPort = process.env.STORYBOOK_PORT ?? '6006';
// Its own process group: `npx` starts Storybook as a child of its own, and a signal to `npx` alone would
// leave that child serving the port. Stopping signals the whole group.
const storybook = spawn('npx', ['storybook', 'dev', '--ci', '--no-open', '--port', storybookPort], {
  detached: true,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    // Each tenant's address, and its API token: only the playground's backend middleware (Node) reads the
    // tokens; they never reach the stories (Storybook passes only STORYBOOK_* variables to the browser).
    ...Object.fromEntries(
      Object.entries(playgroundTenants).flatMap(([name, tenant]) => [
        [tenant.url, running[name].url],
        [tenant.apiToken, running[name].credentials.apiToken],
      ]),
    ),
  },
});
let announced = false;
storybook.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Storybook ready|Local:/i.test(String(chunk))) {
    announced = true;
    console.log(`\n  Playground  http://127.0.0.1:${storybookPort}\n  Emulator    ${emulator.url}  (npx svc-embed emulator prints its credentials)\n  Renewal     ${shortEmulator.url} (40 s tokens), ${olderEmulator.url} (40 s tokens, older platform)\n`);
  }
});
/** Signals Storybook's whole process group; a group that is already gone is fine. */
const signalStorybook = (signal) => {
  try {
    process.kill(-storybook.pid, signal);
  } catch {
    // Already exited.
  }
};
/** Whether any process of Storybook's group is still alive. */
const groupAlive = () => {
  try {
    process.kill(-storybook.pid, 0);
    return true;
  } catch {
    return false;
  }
};
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  signalStorybook('SIGTERM');
  await closeEmulators();
  // Storybook gets five seconds to finish; whatever of its group is left then is killed: nothing may outlive
  // `npm start`, or the next start finds the port taken.
  for (let waited = 0; groupAlive() && waited < 5_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  signalStorybook('SIGKILL');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
process.once('SIGHUP', stop);

/** The parent of process `pid`, or undefined where the system does not say (no `/proc`, no `ps`). */
function parentOf(pid) {
  try {
    // Field 4 of /proc/<pid>/stat, after the command name in parentheses (which may itself hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    try {
      return Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
}
// Under `npm start`, npm runs this script through a shell (npm -> sh -> node). A signal sent to npm alone does
// not reach this process: npm passes SIGINT and SIGTERM on to the shell only, which dies of it without passing
// it on, and npm dies of SIGHUP (or SIGKILL) at once. Either way one of the two ancestors goes: this script
// watches both and stops everything when one is gone. Run directly (`node .storybook/start.mjs`), it watches
// nothing, so a run put in the background on purpose outlives its shell.
const ancestors = process.env.npm_lifecycle_event === 'start' ? [process.ppid, parentOf(process.ppid)] : [];
const watched = ancestors.filter((pid) => pid !== undefined && pid > 1);
const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return error.code === 'EPERM';
  }
};
if (watched.length > 0) {
  setInterval(() => {
    if (!watched.every(isAlive)) void stop();
  }, 250).unref();
}
// A crash here must not orphan the group either.
process.once('exit', () => signalStorybook('SIGKILL'));
storybook.on('exit', async (code) => {
  if (stopping) return;
  signalStorybook('SIGKILL');
  await closeEmulators();
  process.exit(code ?? 0);
});
