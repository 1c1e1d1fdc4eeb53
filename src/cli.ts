import { parseArgs } from 'node:util';
import { startEmulator } from './emulator/startEmulator.js';

const HELP = `Usage: svc-embed emulator [--port N] [--host 127.0.0.1] [--state file.json]

Starts the local tenant emulator: the platform's embed pages and APIs on loopback.

Options:
  --port N        port to listen on (default 4010; 0 picks a free port)
  --host HOST     loopback interface to listen on (default 127.0.0.1)
  --state FILE    keep published dashboards in FILE across restarts
  -h, --help      show this help
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help') {
    process.stdout.write(HELP);
    return command === undefined ? 1 : 0;
  }
  if (command !== 'emulator') {
    process.stderr.write(`svc-embed: unknown command "${command}".\n\n${HELP}`);
    return 1;
  }
  let values: { port?: string; host?: string; state?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { port: { type: 'string' }, host: { type: 'string' }, state: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`svc-embed emulator: ${(error as Error).message}\n\n${HELP}`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`svc-embed emulator: --port must be an integer from 0 to 65535 (got "${values.port}").\n`);
    return 1;
  }
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator({ port, host: values.host, stateFile: values.state });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? `port ${port} is already in use; pass --port N, or --port 0 for any free port.`
        : (error as Error).message;
    process.stderr.write(`svc-embed emulator: ${reason}\n`);
    return 1;
  }
  const c = emulator.credentials;
  // The one place credentials are printed, on purpose: they are fake, local development credentials.
  process.stdout.write(`svc tenant emulator listening on ${emulator.url}

Embed addresses (tenantOrigin = ${emulator.url}):
  dashboard  ${emulator.url}/embed/dashboard/sales-overview[?session=<id>]
  chat       ${emulator.url}/embed/chat[?sessionId=<id>]
  app        ${emulator.url}/embed/d/42/app?session=<id>

APIs: management ${emulator.url}/api   data ${emulator.url}/data   AI ${emulator.url}/ai

Development credentials (fake, valid for this run only):
  apiToken         ${c.apiToken}
  scopedApiToken   ${c.scopedApiToken}  (deployment ${c.scopedDeploymentId} only; ${c.otherDeploymentId} is forbidden)
  expiredApiToken  ${c.expiredApiToken}
  scimToken        ${c.scimToken}
  dataToken        ${c.dataToken}
  aiApiKey         ${c.aiApiKey}
  seed             deployment ${c.seed.deploymentId}, workbook ${c.seed.workbookId} (ready to publish)
`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await emulator.close();
  process.stdout.write('svc tenant emulator stopped\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`svc-embed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
