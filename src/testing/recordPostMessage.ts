/**
 * Replaces `win.postMessage` with a recorder that hands each call's message and target origin to `record`
 * (and delivers nothing). Returns the function that puts the original back.
 *
 * The target origin is read from both call forms, `postMessage(message, targetOrigin)` and
 * `postMessage(message, { targetOrigin })`; the browser's default `"/"` is reported when none is given.
 */
export function recordPostMessage(win: Window, record: (message: unknown, targetOrigin: string) => void): () => void {
  const original = Object.getOwnPropertyDescriptor(win, 'postMessage');
  const recorder = (message: unknown, target?: unknown): void => {
    const targetOrigin =
      typeof target === 'string'
        ? target
        : typeof target === 'object' && target !== null && typeof (target as { targetOrigin?: unknown }).targetOrigin === 'string'
          ? (target as { targetOrigin: string }).targetOrigin
          : '/';
    record(message, targetOrigin);
  };
  Object.defineProperty(win, 'postMessage', { configurable: true, writable: true, value: recorder });
  return () => {
    if (original) Object.defineProperty(win, 'postMessage', original);
    else delete (win as { postMessage?: unknown }).postMessage;
  };
}
