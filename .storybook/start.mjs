// `npm start`: the tenant emulator and Storybook together, nothing to configure.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/emulator/index.js', import.meta.url))) {
  console.error('The package is not built: run "npm run build" (npm start does it first).');
  process.exit(1);
}
const { startEmulator } = await import('../dist/emulator/index.js');

const wanted = Number(process.env.SVC_EMULATOR_PORT ?? 4010);
let emulator;
try {
  emulator = await startEmulator({ port: wanted });
} catch {
  // The usual port is taken: any free port will do, the stories read the address from the environment.
  emulator = await startEmulator({ port: 0 });
}
// Two more for the renewal recipe ("A tab open for days"), on free ports: tokens that live 40 s, so a renewal
// happens every 20-25 s instead of once a day. One speaks the newer protocol (renewal in place), one behaves
// as the older platform (renewal by reloading). The page also asks about its token every 2 s, so the recipe's
// "Expiring now" and "Expire now" show within moments. The main emulator keeps its defaults: other stories
// and tests rely on tokens that last.
const shortLives = { port: 0, embedTokenTtlMs: 40_000, embedTokenTrustMarginMs: 5_000, sessionExpiringLeadMs: 15_000, tokenCheckIntervalMs: 2_000 };
const shortEmulator = await startEmulator(shortLives);
const olderEmulator = await startEmulator({ ...shortLives, inPlaceRenewal: false });
const emulators = [emulator, shortEmulator, olderEmulator];
const closeEmulators = () => Promise.all(emulators.map((running) => running.close()));
const storybookPort = process.env.STORYBOOK_PORT ?? '6006';
// Its own process group: `npx` starts Storybook as a child of its own, and a signal to `npx` alone would
// leave that child serving the port. Stopping signals the whole group.
const storybook = spawn('npx', ['storybook', 'dev', '--ci', '--no-open', '--port', storybookPort], {
  detached: true,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    STORYBOOK_SVC_EMULATOR_URL: emulator.url,
    STORYBOOK_SVC_SHORT_EMULATOR_URL: shortEmulator.url,
    STORYBOOK_SVC_OLDER_EMULATOR_URL: olderEmulator.url,
    // Only the playground's backend middleware (Node) reads these; they never reach the stories (Storybook
    // passes only STORYBOOK_* variables to the browser).
    SVC_EMULATOR_API_TOKEN: emulator.credentials.apiToken,
    SVC_SHORT_EMULATOR_API_TOKEN: shortEmulator.credentials.apiToken,
    SVC_OLDER_EMULATOR_API_TOKEN: olderEmulator.credentials.apiToken,
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
// A crash here must not orphan the group either.
process.once('exit', () => signalStorybook('SIGKILL'));
storybook.on('exit', async (code) => {
  if (stopping) return;
  signalStorybook('SIGKILL');
  await closeEmulators();
  process.exit(code ?? 0);
});
