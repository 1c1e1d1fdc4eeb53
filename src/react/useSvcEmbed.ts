import { useState } from 'react';
import { useStore } from 'zustand';
import { createEmbedStore, type EmbedState } from '../runtime/createEmbedStore.js';
import { resolveEmbed } from './resolveEmbed.js';
import { useEmbedRegistry } from './useEmbedRegistry.js';
import { useEmbedRuntime } from '../reactBase/useEmbedRuntime.js';

const identity = (state: EmbedState): EmbedState => state;

/**
 * Reads an embed's state (status, mode, path, last error, AI queries, recent events) from anywhere in the
 * app, re-rendering only when the selected value changes. Before the embed mounts it reads a `loading`
 * state. A selector returning a new object each time needs `useShallow` from `zustand/shallow`.
 *
 * @example
 * const status = useSvcEmbed('sales', (state) => state.status);
 * const lastError = useSvcEmbed(undefined, (state) => state.lastError); // the only embed on the page
 */
export function useSvcEmbed(embedId?: string): EmbedState;
export function useSvcEmbed<T>(embedId: string | undefined, selector: (state: EmbedState) => T): T;
export function useSvcEmbed<T>(embedId?: string, selector?: (state: EmbedState) => T): T | EmbedState {
  const runtime = useEmbedRuntime();
  const embeds = useEmbedRegistry(runtime.registry);
  const bridge = resolveEmbed(runtime, embeds, embedId, 'useSvcEmbed');
  const [placeholder] = useState(() => createEmbedStore(embedId ?? '', 'dashboard'));
  return useStore(bridge?.store ?? placeholder, (selector ?? identity) as (state: EmbedState) => T | EmbedState);
}
