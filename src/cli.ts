import { parseArgs } from 'node:util';
import { parseDuration } from './emulator/parseDuration.js';
import { type StartEmulatorOptions, startEmulator } from './emulator/startEmulator.js';
import { errorText, svcError } from './protocol/svcError.js';

const HELP = `Usage: svc-embed emulator [--port N] [--host 127.0.0.1] [--state file.json] [options]

Starts the local tenant emulator: the platform's embed pages and APIs on loopback.

Options:
  --port N                          port to listen on (default 4010; 0 picks a free port)
  --host HOST                       loopback interface to listen on (default 127.0.0.1)
  --state FILE                      keep published dashboards in FILE across restarts
  --credentials-file FILE           keep the development credentials in FILE across restarts
                                    (created with fresh ones, mode 0600, when missing)
  --embed-token-ttl DURATION        life of an embed token from its exchange (default 24h)
  --embed-token-trust-margin DUR    how long before that the embed stops trusting it (default 1h)
  --session-expiring-lead DURATION  how long before that the page sends session-expiring (default 10m)
  --no-in-place-renewal             behave as the older platform: no session-expiring or
                                    session-expired events, set-session is an unknown action
  --frame-ancestors LIST            which sites may frame the embed pages: none, self, or
                                    comma-separated origins (default: any site)
  -h, --help                        show this help

Durations are a number and a unit: 500ms, 90s, 5m, 2h, 1d.
`;

/** The duration flags and the option each sets. */
const DURATION_FLAGS = {
  'embed-token-ttl': 'embedTokenTtlMs',
  'embed-token-trust-margin': 'embedTokenTrustMarginMs',
  'session-expiring-lead': 'sessionExpiringLeadMs',
} as const satisfies Record<string, keyof StartEmulatorOptions>;

type DurationOption = (typeof DURATION_FLAGS)[keyof typeof DURATION_FLAGS];

/** Reads the duration flags given; a value that is no duration is an error naming the flag. */
function readDurations(values: Readonly<Record<string, unknown>>): { [option in DurationOption]?: number } {
  const options: { [option in DurationOption]?: number } = {};
  for (const [flag, option] of Object.entries(DURATION_FLAGS)) {
    const text = values[flag];
    if (typeof text !== 'string') continue;
    try {
      options[option] = parseDuration(text);
    } catch (error) {
      throw svcError(801, `--${flag}: ${(error as Error).message}`, Error);
    }
  }
  return options;
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help') {
    process.stdout.write(HELP);
    return command === undefined ? 1 : 0;
  }
  if (command !== 'emulator') {
    process.stderr.write(`svc-embed: ${errorText(802, `unknown command "${command}".`)}\n\n${HELP}`);
    return 1;
  }
  let values: {
    port?: string;
    host?: string;
    state?: string;
    help?: boolean;
    'credentials-file'?: string;
    'embed-token-ttl'?: string;
    'embed-token-trust-margin'?: string;
    'session-expiring-lead'?: string;
    'no-in-place-renewal'?: boolean;
    'frame-ancestors'?: string;
  };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        state: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        'credentials-file': { type: 'string' },
        'embed-token-ttl': { type: 'string' },
        'embed-token-trust-margin': { type: 'string' },
        'session-expiring-lead': { type: 'string' },
        'no-in-place-renewal': { type: 'boolean' },
        'frame-ancestors': { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`svc-embed emulator: ${errorText(803, (error as Error).message)}\n\n${HELP}`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const port = values.port === undefined ? 4010 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`svc-embed emulator: ${errorText(804, `--port must be an integer from 0 to 65535 (got "${values.port}").`)}\n`);
    return 1;
  }
  let durations: ReturnType<typeof readDurations>;
  try {
    durations = readDurations(values);
  } catch (error) {
    process.stderr.write(`svc-embed emulator: ${(error as Error).message}\n`);
    return 1;
  }
  const credentialsFile = values['credentials-file'];
  const ancestors = values['frame-ancestors']?.trim();
  const frameAncestors =
    ancestors === undefined ? undefined : ancestors === 'none' || ancestors === 'self' ? ancestors : ancestors.split(',').map((origin) => origin.trim());
  let emulator: Awaited<ReturnType<typeof startEmulator>>;
  try {
    emulator = await startEmulator({
      port,
      host: values.host,
      stateFile: values.state,
      credentialsFile,
      inPlaceRenewal: !values['no-in-place-renewal'],
      frameAncestors,
      ...durations,
    });
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
        ? errorText(804, `port ${port} is already in use; pass --port N, or --port 0 for any free port.`)
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

Development credentials (fake, ${credentialsFile === undefined ? 'valid for this run only' : `kept in ${credentialsFile}`}):
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
