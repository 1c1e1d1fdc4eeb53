import * as z from 'zod/mini';
import { embedThemeSchema } from '../../schemas/embedThemeSchema.js';
import { surfaceSchema } from '../../schemas/envelopeSchemas.js';
import { formatIssues } from '../../schemas/formatIssues.js';
import type { EmulatorBootConfig } from '../EmulatorBootConfig.js';

const json = z.unknown();
const record = z.record(z.string(), json);
const position = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** The boot config's shape, checked loosely: the server may add fields the page does not use yet. */
const bootConfigSchema = z.looseObject({
  surface: surfaceSchema,
  path: z.string(),
  mode: z.enum(['signed', 'private']),
  embedTenant: z.nullable(z.string()),
  deploymentId: z.nullable(z.number()),
  publicId: z.optional(z.string()),
  viewer: z.looseObject({ name: z.string(), email: z.nullable(z.string()) }),
  allowExport: z.boolean(),
  locale: z.nullable(z.string()),
  // Absent in a page served by an older emulator.
  timezone: z._default(z.nullable(z.string()), null),
  filters: record,
  params: z.record(z.string(), z.string()),
  theme: z.nullable(embedThemeSchema),
  dashboard: z.optional(
    z.looseObject({
      title: z.nullable(z.string()),
      description: z.nullable(z.string()),
      widgets: z.array(
        z.looseObject({
          id: z.string(),
          type: z.enum(['CHART', 'TEXT', 'FILTER', 'AI', 'TABS_CONTAINER', 'TIME_GRAIN']),
          position,
          config: z.nullable(record),
        }),
      ),
    }),
  ),
  app: z.optional(
    z.looseObject({
      workbooks: z.array(z.looseObject({ id: z.number(), name: z.string(), folderId: z.nullable(z.number()) })),
      folders: z.array(z.looseObject({ id: z.number(), name: z.string() })),
    }),
  ),
  dataset: z.looseObject({
    view: z.string(),
    dimensions: z.array(z.string()),
    measures: z.array(z.string()),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  }),
  error: z.optional(z.looseObject({ name: z.string(), message: z.string() })),
  tokenCheckIntervalMs: z.optional(z.number()),
  // Absent in a page served by an older emulator: it spoke the older protocol.
  inPlaceRenewal: z._default(z.boolean(), false),
});

/** The boot config is missing or malformed: the page cannot render anything but this error. */
export class BootConfigError extends Error {
  override readonly name = 'BootConfigError';
}

/**
 * Reads and checks the boot config the emulator server put in `<script type="application/json"
 * id="svc-emulator-boot">`.
 *
 * @throws BootConfigError saying what is missing or which field is wrong.
 */
export function readBootConfig(doc: Document): EmulatorBootConfig {
  const element = doc.getElementById('svc-emulator-boot');
  if (!element) throw new BootConfigError('The page has no boot config (script#svc-emulator-boot).');
  let data: unknown;
  try {
    data = JSON.parse(element.textContent ?? '');
  } catch {
    throw new BootConfigError('The boot config is not valid JSON.');
  }
  const result = bootConfigSchema.safeParse(data);
  if (!result.success) throw new BootConfigError(`The boot config is invalid: ${formatIssues(result.error.issues, data, 'boot')}.`);
  return result.data as unknown as EmulatorBootConfig;
}
