/**
 * `svc-embed-react`: React components and hooks that embed the platform's dashboards, creator-mode app and
 * AI chat, driven from app state. The protocol core is re-exported for convenience.
 *
 * @packageDocumentation
 */
export * from './protocol/index.js';
