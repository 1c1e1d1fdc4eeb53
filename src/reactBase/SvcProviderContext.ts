import { createContext } from 'react';
import type { EmbedSettings } from '../controller/EmbedOptions.js';

/**
 * What the nearest `<SvcProvider>` shares, empty without one. Kept apart from the provider component (an app
 * that renders no provider does not ship it) and from the settings hook (the embed components read the context
 * themselves, and a bundle keeps a module's imports whether or not their users are kept).
 */
export const SvcProviderContext = createContext<EmbedSettings>({});
