import { createContext, useContext } from 'react';
import type { EmbedSettings } from '../controller/EmbedOptions.js';

/**
 * What the nearest `<SvcProvider>` shares, empty without one. Kept apart from the provider component, so an app
 * that never renders a provider does not ship it.
 */
export const SvcProviderContext = createContext<EmbedSettings>({});

/** The settings of the nearest `<SvcProvider>` (empty without one). */
export function useSvcProviderSettings(): EmbedSettings {
  return useContext(SvcProviderContext);
}
