import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { formatIssuesWithoutValues } from '../server/formatIssuesWithoutValues.js';
import { svcError } from '../protocol/svcError.js';
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

/** Reads the file; `undefined` when it does not exist yet. */
function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw svcError(808, `The emulator credentials file ${file} cannot be read: ${code ?? 'unknown error'}.`, Error);
  }
}

/**
 * Creates the file with fresh values, or finds it created by another emulator meanwhile. The values are
 * written whole to a file of this start's own (mode 0600 from the first byte), which is then hard-linked to
 * the name: a link never replaces an existing file, so of emulators starting at once exactly one creates the
 * file, and every other one reads what that one wrote (a rename would let the last one win while the others
 * run credentials the file no longer holds).
 */
function createOrRead(file: string): { readonly created: EmulatorSecretValues } | { readonly text: string } {
  const values = generateSecretValues();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, `${JSON.stringify({ version: 1, ...values }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(temporary, 0o600);
    linkSync(temporary, file);
    return { created: values };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') throw svcError(808, `The emulator credentials file ${file} cannot be written: ${code ?? 'unknown error'}.`, Error);
    const text = readIfThere(file);
    if (text === undefined) throw svcError(808, `The emulator credentials file ${file} vanished while it was being created; start again.`, Error);
    return { text };
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Never written (the directory is missing or read-only): nothing to remove.
    }
  }
}

/**
 * The secret values kept in `file`, so an emulator restarted by a script accepts the credentials its earlier
 * run printed. A file that does not exist yet is created with fresh values, readable by its owner only
 * (mode 0600: it holds credentials, fake as they are); emulators that start at once with the same new file
 * all end up with the values it holds. A file that is there but unreadable or malformed stops the start
 * with the reason (`SVC808`); the reason never quotes the file's values.
 */
export function readCredentialsFile(file: string): EmulatorSecretValues {
  if (typeof file !== 'string' || file.trim() === '') {
    throw svcError(808, 'credentialsFile must be the path of a file (it is empty); leave it out for fresh credentials each start.', Error);
  }
  let text = readIfThere(file);
  if (text === undefined) {
    const outcome = createOrRead(file);
    if ('created' in outcome) return outcome.created;
    text = outcome.text;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw svcError(808, `The emulator credentials file ${file} is not valid JSON; fix or delete it (a new one is then written).`, Error);
  }
  const result = credentialsFileSchema.safeParse(json);
  if (!result.success) {
    throw svcError(
      808,
      `The emulator credentials file ${file} is not one this version can read (${formatIssuesWithoutValues(result.error.issues)}); fix or delete it.`,
      Error,
    );
  }
  const { version: _version, ...values } = result.data;
  return values;
}
