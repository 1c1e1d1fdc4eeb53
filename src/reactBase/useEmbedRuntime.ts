import { useContext } from 'react';
import { getDefaultEmbedRuntime } from '../runtime/defaultEmbedRuntime.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import { SvcProviderContext } from './SvcProviderContext.js';

/** The runtime of the nearest `<SvcProvider runtime>`, else the page's default runtime. */
export function useEmbedRuntime(): EmbedRuntime {
  return useContext(SvcProviderContext).runtime ?? getDefaultEmbedRuntime();
}
