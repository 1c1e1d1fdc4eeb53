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
import { type EmbedController, type EmbedControllerSnapshot, IDLE_SNAPSHOT } from '../controller/EmbedController.js';
import { embedIdentity } from '../controller/embedIdentity.js';
import type { SvcErrorPayload } from '../controller/SvcErrorPayload.js';
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
 * The text a development console prints for an embed's failure: coded, with the component right after the
 * code (the embed's own errors carry its words after their code).
 */
function namedText(error: ErrorPayload, subject: string): string {
  const code = (error as { code?: string }).code ?? 'SVC310';
  if (!error.message.startsWith(`${code} `)) return `${code} ${subject} ${error.message}`;
  return error.message.startsWith(subject, 7) ? error.message : withSubject(error.message, subject);
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
    // The provider's settings fill what the props leave undefined: the one merge.
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
    /** The coded messages this mount printed in development: each once. */
    const printed = useRef<Set<string> | null>(null);

    // A bad prop never throws from render (the embed is part of someone else's page): it becomes this embed's
    // failure, shown by errorFallback and reported to onError once the embed is attached. Development names
    // the prop and what was expected; production leaves these checks out and the controller and the protocol
    // still refuse what they must, coded.
    let problem: Error | undefined;
    if (isDevelopment) {
      try {
        if (merged.tenantOrigin === undefined) throw svcError(101, `<${component}> prop "tenantOrigin": missing; give it as a prop or on a surrounding <SvcProvider>.`);
        if (keepAlive !== undefined && typeof keepAlive !== 'object') {
          throw svcError(202, `<${component}> prop "keepAlive": pass keepAlive from 'svc-embed-react/keep-alive' (import { keepAlive } from 'svc-embed-react/keep-alive').`);
        }
        validateControlledProps(component, merged);
      } catch (error) {
        problem = error as Error;
      }
    }
    /** Hands an event to the latest mount's callback for its type, then to `onEvent`. */
    const deliver = (message: SvcEventMessage): void => {
      const current = latest.current;
      // Errors reach onError through onFailure below, coded, and only when the library did not handle them.
      if (message.type !== 'svc:event:error') {
        const callback = current[EVENT_CALLBACK_PROPS[message.type]] as ((payload: unknown, message: SvcEventMessage) => void) | undefined;
        callback?.(message.payload, message);
      }
      current.onEvent?.(message);
    };
    const live = {
      ...merged,
      surface,
      subject: `<${component}>`,
      // Every failure the app should hear (the host's, and the embed's own that renewal did not absorb) reaches
      // onError coded. In development, one that nobody handles, or a bad prop, is also printed once.
      onFailure: (error: ErrorPayload) => {
        const current = latest.current;
        if (isDevelopment && ((current.onError === undefined && current.errorFallback == null) || error.context === 'options' || error.context === 'props')) {
          printed.current ??= new Set();
          if (!printed.current.has(error.message)) {
            printed.current.add(error.message);
            console.error(namedText(error, `<${component}>`));
          }
        }
        const message = { source: 'svc-embed', direction: 'event', type: 'svc:event:error', payload: error, timestamp: Date.now(), surface } as const;
        // The controller reports coded failures only (the embed's own errors get SVC310).
        current.onError?.(error as SvcErrorPayload, message);
        // A failure of the host's own making reaches onEvent as an error event too; the embed's own errors got
        // there as it sent them (SVC310 is the code they are reported under).
        if ((error as { code?: string }).code !== 'SVC310') current.onEvent?.(message);
      },
    };

    const parking = keepAlive?.parking;
    const controllerRef = useRef<{
      key: string;
      parkKey: string | undefined;
      /** The parked embed this mount took from the parking lot (not yet claimed by the layout effect). */
      lot?: EmbedController | undefined;
      /** This mount found its parked embed claimed by another: it keeps an embed of its own. */
      own?: boolean | undefined;
      controller: EmbedController;
      /** What server rendering and hydration show for it: nothing started, or the failure of a bad option. */
      initial: EmbedControllerSnapshot;
    } | null>(null);
    // A fresh object each time: a request to render again that React never folds into the previous one.
    const [, renderAgain] = useState<object>();
    // Identity decides the controller (the app's embedId only, not a generated one); a session is a credential,
    // handed to the live embed (see update). An identity that cannot be read (a bad tenant origin) is a key of
    // its own: the controller made for it starts failed.
    let identity: string;
    try {
      identity = embedIdentity(live);
    } catch (error) {
      identity = `refused ${(error as Error).message} ${merged.publicId} ${merged.deploymentId} ${props.embedId}`;
    }
    const key = identity + !keepAlive;
    if (controllerRef.current?.key !== key) {
      const parkKey = keepAlive && !problem ? identity : undefined;
      const own = controllerRef.current?.own;
      // A parked embed with this identity (kept alive, or preloaded) is taken back: no reload, no new session.
      const parked = parkKey && !own ? parking?.peek(parkKey) : undefined;
      const controller = parked || createEmbedController({ ...live, embedId, keepAlive: problem ? undefined : keepAlive });
      controllerRef.current = { key, parkKey, lot: parked, own, controller, initial: parked ? IDLE_SNAPSHOT : controller.getSnapshot() };
    }
    const { controller, parkKey, lot, initial } = controllerRef.current;
    // What server rendering and hydration see: nothing has started, nothing is shown (or the failure of a bad
    // option, the same on both sides).
    const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, () => initial);

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
        controllerRef.current = destroyed ? null : { key: '', parkKey, own: true, controller, initial };
        renderAgain({});
        return;
      }
      // The embed's own callbacks are those of its latest mount; while parked, only app-wide listeners hear it.
      const off = controller.bridge.onAny(deliver);
      // A bad prop fails the embed before it starts anything (no session is spent on it).
      if (problem) controller.fail(problem);
      const detach = controller.attach(hostRef.current as HTMLDivElement);
      return () => {
        off();
        if (parkKey && parking) parking.park(parkKey, controller);
        else detach();
      };
      // `deliver` reads the latest props through a ref: the subscription need not follow it.
    }, [controller, parkKey, parking, lot]);

    // After every commit: the controller sends only what changed (structural comparison inside). A prop that
    // went bad fails the embed; once the app fixed it, the embed starts again.
    useEffect(() => {
      if (problem) controller.fail(problem);
      else {
        controller.update(live);
        if (isDevelopment && controller.getSnapshot().error?.context === 'props') controller.retry();
      }
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
        {initial.error === null && <link rel="preconnect" href={controller.bridge.tenantOrigin} />}
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
