import { type ReactNode, useMemo } from 'react';
import type { EmbedSettings } from '../controller/EmbedOptions.js';
import { SvcProviderContext } from '../reactBase/SvcProviderContext.js';

/**
 * Settings every embed below a {@link SvcProvider} shares (the embed options a provider may supply); a prop on
 * an embed wins over each.
 */
export type SvcProviderSettings = EmbedSettings;

/** Props of {@link SvcProvider}. */
export interface SvcProviderProps extends EmbedSettings {
  readonly children?: ReactNode;
}

/**
 * Shares the tenant, the session source and the look of every embed below it, so each embed needs only what
 * differs. A prop on an embed wins over the provider's value. Hooks work with or without a provider. A
 * provider given a `runtime` (see `createEmbedRuntime`) keeps its embeds and hooks apart from the rest of the
 * page: tests, stories and micro-frontends get their own registry, session ledger and inspector.
 *
 * @example
 * <SvcProvider
 *   tenantOrigin="https://acme.example.com"
 *   getSession={({ signal }) => fetch('/api/embed-session', { method: 'POST', signal }).then((r) => r.text())}
 *   colorScheme={dark ? 'dark' : 'light'}
 *   locale="de-DE"
 *   timezone={viewer.timezone} // "Europe/Berlin"
 * >
 *   <SvcDashboard publicId="sales-overview" />
 *   <SvcChat />
 * </SvcProvider>
 */
export function SvcProvider({
  children,
  tenantOrigin,
  getSession,
  colorScheme,
  locale,
  timezone,
  theme,
  onDebug,
  keepAlive,
  readyTimeoutMs,
  sessionTimeoutMs,
  runtime,
}: SvcProviderProps): ReactNode {
  const value = useMemo(
    () => ({ tenantOrigin, getSession, colorScheme, locale, timezone, theme, onDebug, keepAlive, readyTimeoutMs, sessionTimeoutMs, runtime }),
    [tenantOrigin, getSession, colorScheme, locale, timezone, theme, onDebug, keepAlive, readyTimeoutMs, sessionTimeoutMs, runtime],
  );
  return <SvcProviderContext.Provider value={value}>{children}</SvcProviderContext.Provider>;
}
