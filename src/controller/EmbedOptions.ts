import type { PlacementSwitches } from '../protocol/buildEmbedUrl.js';
import type { Surface } from '../protocol/envelope.js';
import type { EmbedRuntime } from '../runtime/EmbedRuntime.js';
import type { EmbedKeepAlive } from './EmbedKeepAlive.js';
import type { EmbedUpdatableOptions } from './EmbedUpdatableOptions.js';

/**
 * When the iframe is shown:
 * - `ready`: once `ready` arrived and the initial colour scheme, theme and locale were delivered (no flash of
 *   unstyled embed); an iframe that loaded but sends no `ready` (the platform's sign-in page in private mode) is
 *   shown after `revealTimeoutMs`;
 * - `immediate`: at once, like a plain iframe.
 */
export type EmbedReveal = 'ready' | 'immediate';

/**
 * What an embed is: the tenant, the surface, the content and its name on the page. A change of any of these
 * is another embed (see `embedIdentity`); a session is not part of it.
 */
export interface EmbedIdentity {
  readonly surface: Surface;
  /**
   * The tenant's origin, e.g. `https://acme.example.com` (`http:` only on loopback hosts).
   * @default the surrounding `<SvcProvider>`'s `tenantOrigin` (one of the two is required)
   */
  readonly tenantOrigin: string;
  /** The published dashboard's public id (dashboard surface). */
  readonly publicId?: string | undefined;
  /** The deployment to open (app surface). */
  readonly deploymentId?: number | string | undefined;
  /**
   * A name hooks elsewhere in the app use to address this embed.
   * @default an id generated with React's `useId` (stable across server rendering and hydration)
   */
  readonly embedId: string;
}

/**
 * How an embed is loaded and shown: read when the embed is created. The placement switches
 * (`showDashboardHeader`, `showWorkbookBackButton`, `showNewChat`, ...) go into the address as the exact
 * literal the platform reads; each applies to one surface (see `PlacementSwitches`).
 */
export interface EmbedLoadOptions extends PlacementSwitches {
  /** Show the download controls. @default false */
  readonly allowExport?: boolean | undefined;
  /** Extra address parameters (the escape hatch); never able to replace the session. */
  readonly params?: Readonly<Record<string, string | number | boolean | undefined>> | undefined;
  /** When the iframe is shown (see {@link EmbedReveal}). @default 'ready' */
  readonly reveal?: EmbedReveal | undefined;
  /** With `reveal: 'ready'`: how long after the iframe's load an embed without `ready` is shown. @default 1500 */
  readonly revealTimeoutMs?: number | undefined;
  /**
   * With `reveal: 'ready'`: how long after `ready` the iframe stays hidden, so the embed can apply the initial
   * colour scheme, theme and locale that were flushed to it (it draws its first screen in its default look
   * before reading them, and reports nothing when it has).
   * @default 150
   */
  readonly revealSettleMs?: number | undefined;
  /**
   * How long a new document (the first load, a retry, a renewal by reload) may take to send its first `ready`
   * before the embed fails with `SVC309`, shown by `errorFallback` (whose retry loads it again) and reported to
   * `onError`: a wrong or unreachable tenant, a frame the platform's `frame-ancestors` policy blocks and an
   * address that is not the platform all look like a document that never says ready. A `ready` that comes later
   * after all recovers the embed. Clamped to 2^31 - 1 ms, the longest a browser timer holds.
   * @default 30000 for a signed load; none for a private one (its viewer may be signing in, which sends no
   * `ready`); the surrounding `<SvcProvider>`'s `readyTimeoutMs`, if any, for both
   */
  readonly readyTimeoutMs?: number | undefined;
  /**
   * How long each `getSession` call may take before its `signal` is aborted and the embed fails with `SVC308`,
   * shown by `errorFallback` (whose retry asks again) and reported to `onError`. Such a call is not tried again at
   * once, even during a renewal; the embed starts again by itself when the tab is shown again or the network
   * returns. Clamped to 2^31 - 1 ms, the longest a browser timer holds.
   * @default 30000 (the surrounding `<SvcProvider>`'s `sessionTimeoutMs`, if any)
   */
  readonly sessionTimeoutMs?: number | undefined;
  /**
   * How many actions may wait for `ready`: a positive integer. Any other value fails the embed with `SVC142`
   * (it is read when the embed is made: a corrected value takes effect for the next one).
   * @default 100
   */
  readonly maxQueuedActions?: number | undefined;
  /**
   * Keep the embed alive when it unmounts: its iframe, session, store and in-embed state are parked, and the
   * next mount with the same identity shows it again at once, without a reload or a new session. Pass
   * `keepAlive` from `svc-embed-react/keep-alive` (its own entry, so apps that do not use it do not ship it).
   * @default the surrounding `<SvcProvider>`'s `keepAlive`, else none
   */
  readonly keepAlive?: EmbedKeepAlive | undefined;
  /**
   * What the embed's refusals of the app's values name, in development, as the part of the app at fault, right
   * after their code (`SVC141 <SvcDashboard> ...`): the React components pass their own name. Production texts
   * stay the code and the field.
   * @default none: the text names the value alone
   */
  readonly subject?: string | undefined;
  /**
   * The runtime the embed belongs to: its registry, session ledger, inspector and held actions. Give one to
   * keep a test, a story or a micro-frontend apart from the rest of the page (see `createEmbedRuntime`).
   * @default the surrounding `<SvcProvider>`'s `runtime`, else the page's default runtime
   */
  readonly runtime?: EmbedRuntime | undefined;
}

/**
 * The one options model of an embed, from which the controller's options, the components' props and the
 * provider's settings derive: identity, how it loads, and what may change while it lives.
 */
export interface EmbedOptions extends EmbedIdentity, EmbedLoadOptions, EmbedUpdatableOptions {}

/** The options of `createEmbedController`: the embed's {@link EmbedOptions}. */
export type EmbedControllerOptions = EmbedOptions;

/** The options `K` of `T`, each optional (`undefined` allowed): how props and settings derive from the model. */
export type OptionalOptions<T, K extends keyof T> = { readonly [P in K]?: T[P] | undefined };

/** What a surrounding provider may supply to every embed below it; the embed's own value wins over each. */
export type EmbedSettings = OptionalOptions<
  EmbedOptions,
  'tenantOrigin' | 'getSession' | 'colorScheme' | 'locale' | 'timezone' | 'theme' | 'onDebug' | 'keepAlive' | 'readyTimeoutMs' | 'sessionTimeoutMs' | 'runtime'
>;

/**
 * The provider merge, in one place: each setting the embed leaves undefined is taken from `settings`.
 *
 * @example
 * withSettings({ colorScheme: undefined, publicId: 'sales' }, { colorScheme: 'dark' }); // colorScheme 'dark'
 */
export function withSettings<T extends EmbedSettings>(own: T, settings: EmbedSettings): T {
  const merged = { ...own } as Record<string, unknown>;
  // The names of {@link EmbedSettings}, as a value.
  for (const name of ['tenantOrigin', 'getSession', 'colorScheme', 'locale', 'timezone', 'theme', 'onDebug', 'keepAlive', 'readyTimeoutMs', 'sessionTimeoutMs', 'runtime'] as const) {
    merged[name] ??= settings[name];
  }
  return merged as T;
}
