/**
 * The emulator the stories embed: `npm start` passes its address; `npx svc-embed emulator` on its default
 * port is the fallback.
 */
export const EMULATOR_URL: string =
  (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env?.STORYBOOK_SVC_EMULATOR_URL ??
  'http://127.0.0.1:4010';
