// The loading and error layers are drawn by the embed component itself (see createSvcEmbedComponent); the
// package entry still takes the fallback's type from here.
export type { SvcErrorFallback } from './SvcEmbedProps.js';
