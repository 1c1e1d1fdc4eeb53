import type { ReactNode } from 'react';
import type { EmbedControllerSnapshot } from '../controller/EmbedController.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';

/** What `errorFallback` may be: an element, or a function of the error and a way to start again. */
export type SvcErrorFallback = ReactNode | ((error: ErrorPayload, retry: () => void) => ReactNode);

/** Props of {@link EmbedStatusLayer}. */
export interface EmbedStatusLayerProps {
  readonly snapshot: EmbedControllerSnapshot;
  readonly loading?: ReactNode;
  readonly errorFallback?: SvcErrorFallback;
  readonly retry: () => void;
}

const layerStyle = { position: 'absolute', inset: 0 } as const;

/**
 * The loading and error layers over the embed. The loading layer stands in only while the iframe is hidden,
 * so it never covers a visible embed or takes its clicks; the error layer is announced to assistive
 * technology (`role="alert"`).
 */
export function EmbedStatusLayer({ snapshot, loading, errorFallback, retry }: EmbedStatusLayerProps): ReactNode {
  if (snapshot.phase === 'error' && snapshot.error !== null) {
    if (errorFallback == null) return null;
    return (
      <div data-svc-embed-state="error" role="alert" style={layerStyle}>
        {typeof errorFallback === 'function' ? errorFallback(snapshot.error, retry) : errorFallback}
      </div>
    );
  }
  if (!snapshot.visible && loading != null) {
    return (
      <div data-svc-embed-state="loading" style={layerStyle}>
        {loading}
      </div>
    );
  }
  return null;
}
