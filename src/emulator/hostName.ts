/** The host names the emulator answers to: its loopback names, so DNS rebinding cannot reach it. */
export const LOOPBACK_HOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The host name of a `Host` header, lower-cased and without the port. */
export function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}
