import { isDevelopment } from './isDevelopment.js';
import type { SvcErrorCode, SvcErrorNumber } from './SvcErrorCode.js';

/**
 * Where the docs site is published. Development texts end with a link to the rendered Troubleshooting page
 * under it; `setSvcDocsUrl` points them at another copy of the site (the one `npm start` serves, a mirror).
 * Not exported, so that production bundles, which carry no links, drop it.
 */
const DEFAULT_DOCS_URL = 'https://svc-embed.github.io/svc-embed-react/';

/** The docs site the links lead to; production bundles drop it with the links. */
let docsUrl = DEFAULT_DOCS_URL;

/**
 * Points the links that end development error texts at another copy of the docs site, such as the one
 * `npm start` serves (`http://localhost:6006/`) or one published on an intranet. The address is the site's root,
 * where its `index.html` is; each link adds the Troubleshooting page and the code's anchor. Affects only texts
 * made afterwards, and only in development (production texts carry no link, and this call does nothing there).
 * Called without an address, it goes back to the published site.
 *
 * @example
 * setSvcDocsUrl('http://localhost:6006/');
 * // SVC103 tenantOrigin must use https: ... See http://localhost:6006/?path=/docs/docs-troubleshooting--docs#svc103
 */
export function setSvcDocsUrl(url?: string): void {
  // No default parameter: a production bundle keeps an empty function and not the address.
  if (isDevelopment) docsUrl = url === undefined ? DEFAULT_DOCS_URL : url.endsWith('/') ? url : `${url}/`;
}

/** The address of the rendered Troubleshooting section of `code` on the docs site (see `setSvcDocsUrl`). */
function troubleshootingUrl(code: SvcErrorNumber): string {
  return `${docsUrl}?path=/docs/docs-troubleshooting--docs#svc${code}`;
}

/** An error this library throws: its message starts with its code, which `code` holds too. */
export interface SvcCodedError extends Error {
  /** The stable code of the rule that was broken, such as `SVC103`. */
  readonly code: SvcErrorCode;
}

/**
 * The text of an error, in the one shape every error of the library has: the code, then what is at fault, then
 * why (`SVC201 <SvcDashboard> prop "colorScheme": ...`, `SVC103 tenantOrigin must use https: ...`), and, in
 * development, a link to the code's section of the Troubleshooting page. Callers pass
 * `isDevelopment ? explanation : short form`.
 */
export function errorText(code: SvcErrorNumber, text: string): string {
  return `SVC${code} ${text}${isDevelopment ? ` See ${troubleshootingUrl(code)}` : ''}`;
}

/**
 * A coded text with the part of the app at fault named after its code: `SVC110 publicId ...` becomes
 * `SVC110 <SvcDashboard> publicId ...` (a `subject` of `<SvcDashboard>`), so the component and prop always come
 * right after the code, whoever made the text. `text` is one of the library's coded texts.
 */
export function withSubject(text: string, subject: string): string {
  // Every code is `SVC` and three digits, then a space: the subject goes after those seven characters.
  return `${text.slice(0, 7)}${subject} ${text.slice(7)}`;
}

/** An error (a `TypeError` unless `Type` says otherwise) with the code in its message and as `code`. */
export function svcError(code: SvcErrorNumber, text: string, Type: ErrorConstructor = TypeError): SvcCodedError {
  return Object.assign(new Type(errorText(code, text)), { code: `SVC${code}` as const });
}
