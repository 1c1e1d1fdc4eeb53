import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { EmbedKeepAlive } from '../controller/EmbedKeepAlive.js';
import type { GetSession } from '../controller/SessionRequest.js';
import type { ColorScheme } from '../protocol/actionPayloads.js';
import type { EmbedDebugHook } from '../protocol/EmbedDebugReport.js';
import type { EmbedTheme } from '../protocol/embedTheme.js';

/** Settings every embed below a {@link SvcProvider} shares; a prop on an embed wins over each. */
export interface SvcProviderSettings {
  /** The tenant's origin for every embed below. */
  readonly tenantOrigin?: string | undefined;
  /** Acquires a new session for each load of a signed embed below (see `GetSession`). */
  readonly getSession?: GetSession | undefined;
  /** Colour scheme of every embed below. */
  readonly colorScheme?: ColorScheme | undefined;
  /** UI language of every embed below. */
  readonly locale?: string | undefined;
  /** Brand theme of every embed below. */
  readonly theme?: EmbedTheme | undefined;
  /** Receives what any embed below drops, with the reason. */
  readonly onDebug?: EmbedDebugHook | undefined;
  /** Keep every embed below alive across unmounts: `keepAlive` from `svc-embed-react/keep-alive`. */
  readonly keepAlive?: EmbedKeepAlive | undefined;
}

/** Props of {@link SvcProvider}. */
export interface SvcProviderProps extends SvcProviderSettings {
  readonly children?: ReactNode;
}

const EMPTY: SvcProviderSettings = {};
const SvcProviderContext = createContext<SvcProviderSettings>(EMPTY);

/**
 * Shares the tenant, the session source and the look of every embed below it, so each embed needs only what
 * differs. A prop on an embed wins over the provider's value. Hooks work with or without a provider.
 *
 * @example
 * <SvcProvider
 *   tenantOrigin="https://acme.example.com"
 *   getSession={({ signal }) => fetch('/api/embed-session', { method: 'POST', signal }).then((r) => r.text())}
 *   colorScheme={dark ? 'dark' : 'light'}
 *   locale="de-DE"
 * >
 *   <SvcDashboard publicId="sales-overview" />
 *   <SvcChat />
 * </SvcProvider>
 */
export function SvcProvider({ children, tenantOrigin, getSession, colorScheme, locale, theme, onDebug, keepAlive }: SvcProviderProps): ReactNode {
  const value = useMemo(
    () => ({ tenantOrigin, getSession, colorScheme, locale, theme, onDebug, keepAlive }),
    [tenantOrigin, getSession, colorScheme, locale, theme, onDebug, keepAlive],
  );
  return <SvcProviderContext.Provider value={value}>{children}</SvcProviderContext.Provider>;
}

/** The settings of the nearest {@link SvcProvider} (empty without one). */
export function useSvcProviderSettings(): SvcProviderSettings {
  return useContext(SvcProviderContext);
}
