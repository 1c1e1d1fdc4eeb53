import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { EmbedState, EmbedStore } from '../protocol/createEmbedStore.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';

const selectStatus = (state: EmbedState) => state.status;
const selectError = (state: EmbedState) => state.lastError;

/** Props of {@link EmbedStatusLayer}. */
export interface EmbedStatusLayerProps {
  readonly store: EmbedStore;
  readonly loading: ReactNode;
  readonly errorFallback: ReactNode | ((error: ErrorPayload) => ReactNode);
}

const layerStyle = { position: 'absolute', inset: 0 } as const;

/**
 * The loading and error overlays. Only this small component subscribes to the embed's status, so the
 * component that hosts an embed never re-renders because of embed events.
 */
export function EmbedStatusLayer({ store, loading, errorFallback }: EmbedStatusLayerProps): ReactNode {
  const status = useStore(store, selectStatus);
  const error = useStore(store, selectError);
  if (status === 'error' && error !== null && errorFallback != null) {
    return (
      <div data-svc-embed-state="error" style={layerStyle}>
        {typeof errorFallback === 'function' ? errorFallback(error) : errorFallback}
      </div>
    );
  }
  if (status === 'loading' && loading != null) {
    return (
      <div data-svc-embed-state="loading" style={layerStyle}>
        {loading}
      </div>
    );
  }
  return null;
}
