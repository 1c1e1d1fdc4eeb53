const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;

/**
 * The emulator the stories embed: `npm start` passes its address; `npx svc-embed emulator` on its default
 * port is the fallback.
 */
export const EMULATOR_URL: string = env?.STORYBOOK_SVC_EMULATOR_URL ?? 'http://127.0.0.1:4010';

/**
 * The emulators `npm start` runs beside it, by the name the playground's backend knows them by: `short` has
 * 40-second embed tokens and renews in place; `older` has the same lives and behaves as the older platform
 * (renewal by reloading). Only `npm start` runs them (the backend needs their credentials): the fallbacks are
 * where `npx svc-embed emulator --port 4011 --embed-token-ttl 40s ...` would put them.
 */
export const PLAYGROUND_TENANTS = {
  default: EMULATOR_URL,
  short: env?.STORYBOOK_SVC_SHORT_EMULATOR_URL ?? 'http://127.0.0.1:4011',
  older: env?.STORYBOOK_SVC_OLDER_EMULATOR_URL ?? 'http://127.0.0.1:4012',
} as const;

/** An emulator of the playground, by name. */
export type PlaygroundTenant = keyof typeof PLAYGROUND_TENANTS;
