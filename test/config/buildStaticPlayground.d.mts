/** Where the static playground build of `mode` goes (a cache under `node_modules`); its stamp is beside it, `<dir>.json`. */
export function outputDirOf(mode: 'production' | 'development'): string;

/** The placeholder address each build gets for each emulator, by the variable the stories read. */
export const placeholders: Readonly<Record<string, string>>;

/** Builds the static playground in `mode` unless the build there is current. Returns whether it built. */
export function ensureStaticPlayground(mode: 'production' | 'development'): boolean;
