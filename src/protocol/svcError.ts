import { isDevelopment } from './isDevelopment.js';
import type { SvcErrorCode, SvcErrorNumber } from './SvcErrorCode.js';

/**
 * The Troubleshooting page: one section per error code, at the anchor `#svc<number>` (`#svc103`). Development
 * texts end with a link to it; production bundles drop the link and this constant with it.
 */
export const TROUBLESHOOTING_URL = 'https://github.com/svc-embed/svc-embed-react/blob/main/stories/docs/Troubleshooting.mdx';

/** An error this library throws: its message starts with its code, which `code` holds too. */
export interface SvcCodedError extends Error {
  /** The stable code of the rule that was broken, such as `SVC103`. */
  readonly code: SvcErrorCode;
}

/**
 * The text of an error: its code first (`SVC103: tenantOrigin not https`) and, in development, a link to the
 * code's section of the Troubleshooting page. Callers pass `isDevelopment ? explanation : short form`.
 */
export function errorText(code: SvcErrorNumber, text: string): string {
  return `SVC${code}: ${text}${isDevelopment ? ` See ${TROUBLESHOOTING_URL}#svc${code}` : ''}`;
}

/** An error (a `TypeError` unless `Type` says otherwise) with the code in its message and as `code`. */
export function svcError(code: SvcErrorNumber, text: string, Type: ErrorConstructor = TypeError): SvcCodedError {
  return Object.assign(new Type(errorText(code, text)), { code: `SVC${code}` as const });
}
