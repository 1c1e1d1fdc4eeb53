import {
  type ForwardRefExoticComponent,
  forwardRef,
  type PropsWithoutRef,
  type ReactNode,
  type Ref,
  type RefAttributes,
  useContext,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createEmbedController } from '../controller/createEmbedController.js';
import { type EmbedController, IDLE_SNAPSHOT } from '../controller/EmbedController.js';
import { embedIdentity } from '../controller/embedIdentity.js';
import { withSettings } from '../controller/EmbedOptions.js';
import type { Surface } from '../protocol/envelope.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { errorText, svcError, withSubject } from '../protocol/svcError.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import type { Filters } from '../protocol/filterValue.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { createSvcActions } from './createSvcActions.js';
import { EVENT_CALLBACK_PROPS } from './eventCallbackProps.js';
import type { SvcDashboardEventProps, SvcEmbedCommonProps } from './SvcEmbedProps.js';
import type { SvcEmbedHandle } from './SvcEmbedHandle.js';
import { SvcProviderContext } from '../reactBase/SvcProviderContext.js';
import { useIsomorphicLayoutEffect } from '../reactBase/useIsomorphicLayoutEffect.js';
import { validateControlledProps } from './validateProps.js';

/** The props any of the three components may get: what the shared implementation reads. */
interface SvcEmbedAnyProps extends SvcEmbedCommonProps, SvcDashboardEventProps {
  readonly publicId?: string | undefined;
  readonly path?: string | undefined;
  readonly deploymentId?: number | string | undefined;
  readonly allowExport?: boolean | undefined;
  readonly filters?: Filters | undefined;
}

/**
 * Makes `<SvcDashboard>`, `<SvcApp>` or `<SvcChat>`: one shared implementation for a surface, a thin binding
 * over the embed controller, which owns the iframe, the session, the bridge, the controlled-value sync and the
 * reveal. `component` is the public name, for error messages.
 *
 * @example
 * export const SvcChat = createSvcEmbedComponent<SvcChatProps>('chat', 'SvcChat');
 */
export function createSvcEmbedComponent<P extends SvcEmbedCommonProps>(
  surface: Surface,
  component: string,
): ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<SvcEmbedHandle>> {
  const SvcEmbed = forwardRef(function SvcEmbed(props: SvcEmbedAnyProps, ref: Ref<SvcEmbedHandle>): ReactNode {
    // The provider's settings fill what the props leave undefined: the one merge. A missing tenant fails this
    // embed like any bad identity (SVC101, naming tenantOrigin; see createEmbedController).
    const merged = withSettings(props, useContext(SvcProviderContext)) as SvcEmbedAnyProps & { readonly tenantOrigin: string };
    const { keepAlive } = merged;
    const generatedId = useId();
    const embedId = props.embedId ?? `svc${generatedId.replace(/[^\w-]/g, '')}`;
    // The latest props, for callbacks (as useLatest keeps them, written out here: an embed bundle then needs
    // no module of its own for it).
    const latest = useRef(props);
    useIsomorphicLayoutEffect(() => {
      latest.current = props;
    });
    const hostRef = useRef<HTMLDivElement | null>(null);

    // Development only: a bad prop fails here, named, where it is written. Production still refuses it when the
    // action is built (with a shorter message), and leaves this code out of the bundle.
    if (isDevelopment) validateControlledProps(component, merged);
    /** Hands an event to the latest mount's callback for its type, then to `onEvent`. */
    const deliver = (message: SvcEventMessage): void => {
      const current = latest.current;
      const callback = current[EVENT_CALLBACK_PROPS[message.type]] as ((payload: unknown, message: SvcEventMessage) => void) | undefined;
      callback?.(message.payload, message);
      current.onEvent?.(message);
    };
    const live = {
      ...merged,
      surface,
      // A failure that did not come from the embed (getSession, a reused session) reaches onError as an event.
      onFailure: (error: ErrorPayload) =>
        deliver({ source: 'svc-embed', direction: 'event', type: 'svc:event:error', payload: error, timestamp: Date.now(), surface }),
    };

    if (isDevelopment && keepAlive !== undefined && typeof keepAlive !== 'object') {
      throw svcError(202, `<${component}> prop "keepAlive": pass keepAlive from 'svc-embed-react/keep-alive' (import { keepAlive } from 'svc-embed-react/keep-alive').`);
    }
    const parking = keepAlive?.parking;
    const controllerRef = useRef<{
      key: string;
      parkKey: string | undefined;
      /** The parked embed this mount took from the parking lot (not yet claimed by the layout effect). */
      lot?: EmbedController | undefined;
      /** This mount found its parked embed claimed by another: it keeps an embed of its own. */
      own?: boolean | undefined;
      controller: EmbedController;
    } | null>(null);
    // A fresh object each time: a request to render again that React never folds into the previous one.
    const [, renderAgain] = useState<object>();
    // Identity decides the controller (the app's embedId only, not a generated one); a session is a
    // credential, handed to the live embed (see update).
    let identity: string;
    try {
      identity = embedIdentity(live);
    } catch {
      // A tenant origin that names no tenant still names this embed, as written: its controller fails with the
      // refusal's code, shown by errorFallback and reported to onError, and the rest of the page goes on.
      identity = String(live.tenantOrigin);
    }
    const key = identity + !keepAlive;
    if (controllerRef.current?.key !== key) {
      const parkKey = keepAlive && identity;
      const own = controllerRef.current?.own;
      // A parked embed with this identity (kept alive, or preloaded) is taken back: no reload, no new session.
      const parked = parkKey && !own ? parking?.peek(parkKey) : undefined;
      controllerRef.current = { key, parkKey, lot: parked, own, controller: parked || createEmbedController({ ...live, embedId }) };
    }
    const { controller, parkKey, lot } = controllerRef.current;
    const snapshot = useSyncExternalStore(
      controller.subscribe,
      controller.getSnapshot,
      // What server rendering and hydration see: nothing has started, nothing is shown.
      () => IDLE_SNAPSHOT,
    );

    // A layout effect: its cleanup runs while the host is still in the page, so a kept-alive iframe can leave it.
    useIsomorphicLayoutEffect(() => {
      // Shown again after its effects were torn down while it stayed rendered (a hidden <Activity>, a Suspense
      // boundary showing its fallback again): that embed is gone, so the next render makes a new one.
      const destroyed = controller.getSnapshot().phase === 'destroyed';
      // Two mounts took one parked embed (one identity, no embedId): the first keeps it, this one makes its own.
      if (destroyed || (!parking?.release(controller) && lot)) {
        if (isDevelopment && !destroyed) {
          console.error(
            errorText(
              401,
              `<${component}> two mounted embeds share one identity (surface, tenant, publicId or deploymentId) without an embedId, so they cannot share the parked embed: give each its own embedId. Each gets an embed of its own meanwhile.`,
            ),
          );
        }
        controllerRef.current = destroyed ? null : { key: '', parkKey, own: true, controller };
        renderAgain({});
        return;
      }
      // The embed's own callbacks are those of its latest mount; while parked, only app-wide listeners hear it.
      const off = controller.bridge.onAny(deliver);
      let detach: () => void;
      try {
        // Attaching sends the initial controlled values, which a bad one refuses: named like a refusal above.
        detach = controller.attach(hostRef.current as HTMLDivElement);
      } catch (error) {
        off();
        (error as Error).message = withSubject((error as Error).message, `<${component}>`);
        throw error;
      }
      return () => {
        off();
        if (parkKey && parking) parking.park(parkKey, controller);
        else detach();
      };
      // `deliver` reads the latest props through a ref: the subscription need not follow it.
    }, [controller, parkKey, parking, lot]);

    // After every commit: the controller sends only what changed (structural comparison inside).
    useEffect(() => {
      controller.update(live);
    });

    useImperativeHandle(
      ref,
      () => ({
        ...createSvcActions(controller.bridge.send),
        embedId: controller.bridge.embedId,
        store: controller.bridge.store,
        get iframe() {
          return controller.iframe;
        },
      }),
      [controller],
    );

    return (
      <div
        className={props.className}
        style={{ position: 'relative', ...props.style }}
        aria-busy={!snapshot.visible && snapshot.phase !== 'error'}
        data-svc-embed={embedId}
      >
        {/* Warm up the connection while the page hydrates; React 19 hoists this into the head. */}
        <link rel="preconnect" href={controller.bridge.tenantOrigin} />
        {/* A new identity gets a new host element: the old iframe leaves with the old one, never beside the new.
            Kept alive, the host stays: the old iframe is parked from it before anything removes it. */}
        <div key={keepAlive ? undefined : key} ref={hostRef} style={{ width: '100%', height: '100%' }} />
        {/* The loading layer stands in only while the iframe is hidden, so it never covers a visible embed or
            takes its clicks; the error layer is announced to assistive technology. */}
        {snapshot.phase === 'error' && snapshot.error !== null ? (
          props.errorFallback == null ? null : (
            <div data-svc-embed-state="error" role="alert" style={{ position: 'absolute', inset: 0 }}>
              {typeof props.errorFallback === 'function' ? props.errorFallback(snapshot.error, controller.retry) : props.errorFallback}
            </div>
          )
        ) : !snapshot.visible && props.loading != null ? (
          <div data-svc-embed-state="loading" style={{ position: 'absolute', inset: 0 }}>
            {props.loading}
          </div>
        ) : null}
      </div>
    );
  });
  // Production builds drop the names anyway; development tools show the public one.
  if (isDevelopment) SvcEmbed.displayName = component;
  // One implementation reads the props of all three: each component's own props are among them.
  return SvcEmbed as ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<SvcEmbedHandle>>;
}
