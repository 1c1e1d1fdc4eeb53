import { type RefObject, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { createEmbedController } from '../controller/createEmbedController.js';
import type { EmbedController, EmbedControllerSnapshot } from '../controller/EmbedController.js';
import { embedIdentity } from '../controller/embedIdentity.js';
import type { EmbedClaim } from '../controller/EmbedKeepAlive.js';
import type { EmbedOptions } from '../controller/EmbedOptions.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { useIsomorphicLayoutEffect } from '../reactBase/useIsomorphicLayoutEffect.js';
import { useLatest } from '../reactBase/useLatest.js';

/** What {@link useEmbedController} takes: the embed's options, read afresh on every render. */
export interface UseEmbedControllerOptions extends Omit<EmbedOptions, 'embedId'> {
  /**
   * The app's name for the embed, part of its identity.
   * @default an id generated with React's `useId` (stable across server rendering and hydration), not part of the identity
   */
  readonly embedId?: string | undefined;
  /** Hears every event the embed sends (the latest render's function is called). */
  readonly onEvent?: ((message: SvcEventMessage) => void) | undefined;
  /**
   * Development only (production builds leave the render-time prop checks out, and this with them): a bad
   * prop the caller found at render. The embed fails with it (see `EmbedController.fail`) instead of
   * starting, and starts once a later render finds none.
   * @default none
   */
  readonly problem?: Error | undefined;
}

/** What {@link useEmbedController} gives the component that renders the embed. */
export interface EmbedBinding {
  /** The embed this render shows: the same object for as long as the identity stays. */
  readonly controller: EmbedController;
  /** What to render: the controller's latest snapshot. Server rendering and hydration see nothing started. */
  readonly snapshot: EmbedControllerSnapshot;
  /** The embed's id on the page: the app's `embedId`, else a generated one. */
  readonly embedId: string;
  /** The element the iframe goes into: give it to the host element's `ref`. */
  readonly hostRef: RefObject<HTMLDivElement | null>;
  /**
   * The host element's React `key`: a new identity gets a new host element, so the old iframe leaves with the
   * old one, never beside the new. Kept alive, the host stays (undefined): the old iframe is parked from it
   * before anything removes it.
   */
  readonly hostKey: string | undefined;
}

/** The controller a mount made (or claimed) for one identity. */
interface Made {
  /** The identity, and whether the embed is kept alive: a change of either is another controller. */
  readonly key: string;
  readonly controller: EmbedController;
  /** Kept alive: how the mount takes the embed from the lot and gives it back. */
  readonly claim: EmbedClaim | undefined;
  /** What server rendering showed, and hydration shows. */
  readonly initial: EmbedControllerSnapshot;
}

/**
 * Binds an embed controller to a component: makes the controller for the embed's identity (or claims the
 * kept-alive one waiting under it), renders from its snapshot, attaches it to the host element, hands it the
 * latest options after every commit, and detaches (or parks) it on unmount. A bad option never throws: a bad
 * identity (a tenant origin that names no tenant, a missing `publicId`), a controlled value the protocol
 * refuses or a `problem` fails the controller with the coded error, and the component shows it.
 *
 * @example
 * function MyEmbed(props: { tenantOrigin: string; publicId: string }) {
 *   const { snapshot, hostRef, hostKey } = useEmbedController({ ...props, surface: 'dashboard' });
 *   return (
 *     <div aria-busy={!snapshot.visible}>
 *       <div key={hostKey} ref={hostRef} style={{ height: 600 }} />
 *     </div>
 *   );
 * }
 */
export function useEmbedController(options: UseEmbedControllerOptions): EmbedBinding {
  const latest = useLatest(options);
  const generatedId = useId();
  const embedId = options.embedId ?? `svc${generatedId.replace(/[^\w-]/g, '')}`;
  const { keepAlive, subject } = options;
  const live: EmbedOptions = {
    ...options,
    embedId,
    // Read at the moment of the failure: the latest render's handler, whichever render made the controller.
    onFailure: (error) => latest.current.onFailure?.(error),
  };
  const hostRef = useRef<HTMLDivElement>(null);
  const made = useRef<Made | null>(null);
  // A fresh object each time: a request to render again that React never folds into the previous one.
  const [, renderAgain] = useState<object>();

  // Identity decides the controller (the app's embedId only, not a generated one); a session is a credential,
  // handed to the live embed (see update).
  let identity: string;
  try {
    identity = embedIdentity(options);
  } catch {
    // A tenant origin that names no tenant still names this embed, as written: its controller fails with the
    // refusal's code, shown by errorFallback and reported to onError, and the rest of the page goes on.
    identity = String(options.tenantOrigin);
  }
  const key = keepAlive ? `${identity} keepAlive` : identity;
  if (made.current?.key !== key) {
    const create = (): EmbedController => createEmbedController(live);
    // A parked embed with this identity (kept alive, or preloaded) is taken back: no reload, no new session.
    // A keep-alive value that is not one (a bad prop, which development refuses) keeps nothing alive.
    const claim = keepAlive?.claim?.({ key: identity, create, subject });
    const controller = claim?.controller ?? create();
    made.current = { key, controller, claim, initial: claim?.initial ?? controller.getSnapshot() };
  }
  const { controller, claim, initial } = made.current;
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, () => initial);

  // A layout effect: its cleanup runs while the host is still in the page, so a kept-alive iframe can leave it.
  useIsomorphicLayoutEffect(() => {
    // Shown again after its effects were torn down while it stayed rendered (a hidden <Activity>, a Suspense
    // boundary showing its fallback again), the embed is gone; or another mount took the parked embed this one
    // claimed. Either way the next render makes (or claims) another.
    if (controller.getSnapshot().phase === 'destroyed' || (claim && !claim.take())) {
      made.current = null;
      renderAgain({});
      return;
    }
    // The embed's events reach the latest mount's handler; while parked, only app-wide listeners hear it.
    const off = controller.bridge.onAny((message) => latest.current.onEvent?.(message));
    // A bad prop fails the embed before it starts anything: no session is spent on it.
    if (isDevelopment && options.problem) controller.fail(options.problem);
    const detach = controller.attach(hostRef.current as HTMLDivElement);
    return () => {
      off();
      if (claim) claim.park();
      else detach();
    };
    // `latest` is a ref: the subscription need not follow the handlers.
  }, [controller, claim]);

  // After every commit: the controller sends only what changed (structural comparison inside). A prop that
  // went bad fails the embed; once it is corrected, the update starts the embed again.
  useEffect(() => {
    if (isDevelopment && options.problem) controller.fail(options.problem);
    else controller.update(live);
  });

  return { controller, snapshot, embedId, hostRef, hostKey: keepAlive ? undefined : identity };
}
