import type { ReactNode } from 'react';
import type { SvcErrorFallback } from '../../src/index.js';

/** An `errorFallback` for stories: what went wrong, and a button that loads the embed again with a new session. */
export const retryFallback: SvcErrorFallback = (error, retry): ReactNode => (
  <div style={{ padding: 24, background: '#fff4f4', color: '#8a1f1f', height: '100%', boxSizing: 'border-box' }}>
    <strong>The embed could not be shown.</strong>
    <p>
      {error.name === undefined ? '' : `${error.name}: `}
      {error.message}
    </p>
    <button type="button" onClick={retry}>
      Try again
    </button>
  </div>
);
