/**
 * `svc-embed-react/schemas`: zod schemas of every message of the embed protocol, for apps that validate
 * with zod or need JSON Schema (`z.toJSONSchema`). The bridge itself validates with the protocol's own
 * compact checks; a differential test proves both accept exactly the same messages.
 *
 * @packageDocumentation
 */
export {
  actionPayloadSchemas,
  navigateActionPayloadSchema,
  refreshPayloadSchema,
  setColorSchemePayloadSchema,
  setFilterPayloadSchema,
  setLocalePayloadSchema,
  setSessionPayloadSchema,
  setThemePayloadSchema,
  setTimezonePayloadSchema,
} from './actionPayloadSchemas.js';
export { embedThemeSchema } from './embedThemeSchema.js';
export { actionEnvelopeSchema, eventEnvelopeSchema, surfaceSchema } from './envelopeSchemas.js';
export {
  aiQueryPayloadSchema,
  dashboardLoadedPayloadSchema,
  downloadPayloadSchema,
  drilldownPayloadSchema,
  errorPayloadSchema,
  eventPayloadSchemas,
  navigatePayloadSchema,
  readyPayloadSchema,
  sessionExpiredPayloadSchema,
  sessionExpiringPayloadSchema,
  viewPayloadSchema,
} from './eventPayloadSchemas.js';
