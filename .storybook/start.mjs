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
const storybookPort = process.env.STORYBOOK_PORT ?? '6006';
const storybook = spawn('npx', ['storybook', 'dev', '--ci', '--no-open', '--port', storybookPort], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    STORYBOOK_SVC_EMULATOR_URL: emulator.url,
    // Only the playground's backend middleware (Node) reads this; it never reaches the stories.
    SVC_EMULATOR_API_TOKEN: emulator.credentials.apiToken,
  },
});
let announced = false;
storybook.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Storybook ready|Local:/i.test(String(chunk))) {
    announced = true;
    console.log(`\n  Playground  http://127.0.0.1:${storybookPort}\n  Emulator    ${emulator.url}  (npx svc-embed emulator prints its credentials)\n`);
  }
});
const stop = async () => {
  storybook.kill('SIGTERM');
  await emulator.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
storybook.on('exit', async (code) => {
  await emulator.close();
  process.exit(code ?? 0);
});
