// The tenants of the playground, in one place for everything that runs it: `npm start` (start.mjs) starts an
// emulator for each, the playground's backend (main.ts) reads their credentials by the name a story asks for
// (`?tenant=short`), and the test suite builds and serves the static playground with the same three.

// Tokens that live 40 s, so a renewal happens every 20-25 s instead of once a day; the page also asks about its
// token every 2 s, so the renewal recipe's "Expiring now" and "Expire now" show within moments.
const shortLives = { embedTokenTtlMs: 40_000, embedTokenTrustMarginMs: 5_000, sessionExpiringLeadMs: 15_000, tokenCheckIntervalMs: 2_000 };

/**
 * Each tenant: the variable that carries its emulator's address (to the stories: Storybook passes `STORYBOOK_*`
 * variables to the browser), the one that carries its API token (to the backend only), and how its emulator
 * is started. The main one keeps the emulator's defaults (other stories and tests rely on tokens that last);
 * the renewal recipe's two have short token lives, `short` renewing in place and `older` behaving as the
 * older platform (renewal by reloading).
 */
export const playgroundTenants = {
  default: { url: 'STORYBOOK_SVC_EMULATOR_URL', apiToken: 'SVC_EMULATOR_API_TOKEN', emulator: {} },
  short: { url: 'STORYBOOK_SVC_SHORT_EMULATOR_URL', apiToken: 'SVC_SHORT_EMULATOR_API_TOKEN', emulator: shortLives },
  older: {
    url: 'STORYBOOK_SVC_OLDER_EMULATOR_URL',
    apiToken: 'SVC_OLDER_EMULATOR_API_TOKEN',
    emulator: { ...shortLives, inPlaceRenewal: false },
  },
};
