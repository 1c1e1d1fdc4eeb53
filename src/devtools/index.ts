/**
 * `svc-embed-react/devtools`: `<SvcDevtools>`, a message inspector for the embeds on a page. It renders
 * nothing, and adds nothing to the bundle, in production builds.
 *
 * @packageDocumentation
 */
export { SvcDevtools } from './SvcDevtools.js';
export type { SvcDevtoolsPosition, SvcDevtoolsProps } from './SvcDevtoolsProps.js';
