/**
 * The texts users see, written out independently of the library's helper: a development text is the code,
 * the explanation and a link to the code's section of the Troubleshooting page; a production text is the code
 * and a few words.
 */
export const TROUBLESHOOTING = 'https://github.com/svc-embed/svc-embed-react/blob/main/stories/docs/Troubleshooting.mdx';

/** The development text of an error coded `SVC<code>`. */
export function devText(code: number, text: string): string {
  return `SVC${code}: ${text} See ${TROUBLESHOOTING}#svc${code}`;
}

/** The production text of an error coded `SVC<code>`. */
export function prodText(code: number, text: string): string {
  return `SVC${code}: ${text}`;
}
