/**
 * The texts users see, written out independently of the library's helper: a development text is the code,
 * the explanation and a link to the code's section of the Troubleshooting page; a production text is the code
 * and a few words.
 */
export const TROUBLESHOOTING = 'https://svc-embed.github.io/svc-embed-react/?path=/docs/docs-troubleshooting--docs';

/** The development text of an error coded `SVC<code>`. */
export function devText(code: number, text: string): string {
  return `SVC${code} ${text} See ${TROUBLESHOOTING}#svc${code}`;
}

/** The production text of an error coded `SVC<code>`. */
export function prodText(code: number, text: string): string {
  return `SVC${code} ${text}`;
}

/**
 * The error a check throws in development, for `toThrow`: Vitest compares the class, the message and the
 * error's own properties, so the expected error carries its code as the thrown one does.
 */
export function devError(code: number, text: string, Type: ErrorConstructor = TypeError): Error {
  return Object.assign(new Type(devText(code, text)), { code: `SVC${code}` });
}

/** The error a check throws in production (see {@link devError}). */
export function prodError(code: number, text: string, Type: ErrorConstructor = TypeError): Error {
  return Object.assign(new Type(prodText(code, text)), { code: `SVC${code}` });
}
