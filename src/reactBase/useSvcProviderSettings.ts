import { useContext } from 'react';
import type { EmbedSettings } from '../controller/EmbedOptions.js';
import { SvcProviderContext } from './SvcProviderContext.js';

/** The settings of the nearest `<SvcProvider>` (empty without one). */
export function useSvcProviderSettings(): EmbedSettings {
  return useContext(SvcProviderContext);
}
