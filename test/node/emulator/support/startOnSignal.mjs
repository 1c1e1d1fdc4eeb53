// A process that loads the built emulator, says "loaded", and waits for a line "go <epoch ms>" on stdin; it
// then spins until that instant and starts an emulator with the credentials file given as its argument,
// printing its api token (or its error). Several such processes start their emulators within microseconds
// of each other, which starting them with the command line cannot do.
import { createInterface } from 'node:readline';

const { startEmulator } = await import(new URL('../../../../dist/emulator/index.js', import.meta.url).href);
const lines = createInterface({ input: process.stdin });
process.stdout.write('loaded\n');
for await (const line of lines) {
  const at = /^go (\d+)$/.exec(line);
  if (!at) continue;
  // A busy wait, not a timer: a timer fires within a few milliseconds, far more than the race needs.
  while (performance.timeOrigin + performance.now() < Number(at[1])) {
    // spin
  }
  try {
    const emulator = await startEmulator({ port: 0, quiet: true, credentialsFile: process.argv[2] });
    process.stdout.write(`apiToken ${emulator.credentials.apiToken}\n`);
    await emulator.close();
  } catch (error) {
    process.stdout.write(`error ${error instanceof Error ? error.message : String(error)}\n`);
  }
  break;
}
lines.close();
