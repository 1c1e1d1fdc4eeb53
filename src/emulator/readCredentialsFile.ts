import { chmodSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { formatIssuesWithoutValues } from '../schemas/formatIssuesWithoutValues.js';
import { type EmulatorSecretValues, generateSecretValues } from './EmulatorCredentials.js';

const secret = z.string().check(z.minLength(16), z.maxLength(200), z.regex(/^[\w-]+$/));

/** The credentials file's content. */
const credentialsFileSchema = z.object({
  version: z.literal(1),
  apiToken: secret,
  scopedApiToken: secret,
  expiredApiToken: secret,
  scimToken: secret,
  aiApiKey: secret,
  jwtSecret: secret,
});

/**
 * The secret values kept in `file`, so an emulator restarted by a script accepts the credentials its earlier
 * run printed. A file that does not exist yet is created with fresh values, readable by its owner only
 * (mode 0600: it holds credentials, fake as they are). A file that is there but unreadable or malformed
 * stops the start with the reason; the reason never quotes the file's values.
 */
export function readCredentialsFile(file: string): EmulatorSecretValues {
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`The emulator credentials file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}.`);
    }
  }
  if (text === undefined) {
    const values = generateSecretValues();
    // Written beside it and renamed, so a crash never leaves half a file; created 0600 from the start.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ version: 1, ...values }, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
    return values;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`The emulator credentials file ${file} is not valid JSON; fix or delete it (a new one is then written).`);
  }
  const result = credentialsFileSchema.safeParse(json);
  if (!result.success) {
    throw new Error(
      `The emulator credentials file ${file} is not one this version can read (${formatIssuesWithoutValues(result.error.issues)}); fix or delete it.`,
    );
  }
  const { version: _version, ...values } = result.data;
  return values;
}
