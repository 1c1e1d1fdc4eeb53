/** The `source` every message of the protocol carries, in both directions. */
export const SVC_SOURCE = 'svc-embed';

/** The embeddable surfaces: a published dashboard, the creator-mode app and the standalone AI chat. */
export const SURFACES = ['dashboard', 'app', 'chat'] as const;

/** One of {@link SURFACES}. */
export type Surface = (typeof SURFACES)[number];
