// A process that loads the built emulator once, says "loaded", then for each line "go <epoch ms> <file>" on
// stdin spins until that instant, starts an emulator with that credentials file, prints "started <api token>"
// (or "error <message>") and closes it again. Two such processes start their emulators within microseconds
// of each other, round after round, which starting them with the command line cannot do.
import { createInterface } from 'node:readline';

const { startEmulator } = await import(new URL('../../../../dist/emulator/index.js', import.meta.url).href);
const lines = createInterface({ input: process.stdin });
process.stdout.write('loaded\n');
for await (const line of lines) {
  const go = /^go (\d+) (.+)$/.exec(line);
  if (!go) continue;
  // A busy wait, not a timer: a timer fires within a few milliseconds, far more than the race needs.
  while (performance.timeOrigin + performance.now() < Number(go[1])) {
    // spin
  }
  try {
    const emulator = await startEmulator({ port: 0, quiet: true, credentialsFile: go[2] });
    process.stdout.write(`started ${emulator.credentials.apiToken}\n`);
    await emulator.close();
  } catch (error) {
    process.stdout.write(`error ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
