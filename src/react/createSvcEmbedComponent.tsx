import {
  type ForwardRefExoticComponent,
  forwardRef,
  type PropsWithoutRef,
  type ReactNode,
  type Ref,
  type RefAttributes,
  useContext,
  useImperativeHandle,
  useRef,
} from 'react';
import { withSettings } from '../controller/EmbedOptions.js';
import type { SvcErrorPayload } from '../controller/SvcErrorPayload.js';
import type { Surface } from '../protocol/envelope.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { withSubject } from '../protocol/svcError.js';
import type { ErrorPayload } from '../protocol/eventPayloads.js';
import type { Filters } from '../protocol/filterValue.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { SvcProviderContext } from '../reactBase/SvcProviderContext.js';
import { createSvcActions } from './createSvcActions.js';
import { EVENT_CALLBACK_PROPS } from './eventCallbackProps.js';
import type { SvcDashboardEventProps, SvcEmbedCommonProps } from './SvcEmbedProps.js';
import type { SvcEmbedHandle } from './SvcEmbedHandle.js';
import { useEmbedController } from './useEmbedController.js';
import { findPropProblem } from './validateProps.js';

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
 * Hands a failure the app should hear (the host's, and the embed's own that renewal did not absorb) to
 * `onError`, coded, as an error event; one of the host's own making reaches `onEvent` too (the embed's own
 * errors got there as it sent them: `SVC310` is the code they are reported under).
 */
function reportFailure(props: SvcEmbedAnyProps, surface: Surface, error: ErrorPayload): void {
  const message = { source: 'svc-embed', direction: 'event', type: 'svc:event:error', payload: error, timestamp: Date.now(), surface } as const;
  // The controller reports coded failures only (the embed's own errors get SVC310).
  props.onError?.(error as SvcErrorPayload, message);
  if ((error as { code?: string }).code !== 'SVC310') props.onEvent?.(message);
}

/**
 * Development: prints a failure nobody handles (neither `onError` nor `errorFallback`), and any bad prop or
 * option, coded and named after the component; each text once per mount (`printed` remembers them).
 */
function printFailure(props: SvcEmbedAnyProps, error: ErrorPayload, subject: string, printed: { current: Set<string> | null }): void {
  const unhandled = props.onError === undefined && props.errorFallback == null;
  if (!unhandled && error.context !== 'options' && error.context !== 'props') return;
  printed.current ??= new Set();
  if (printed.current.has(error.message)) return;
  printed.current.add(error.message);
  console.error(namedText(error, subject));
}

/**
 * Makes `<SvcDashboard>`, `<SvcApp>` or `<SvcChat>`: one shared implementation for a surface, a thin binding
 * over the embed controller (see `useEmbedController`), which owns the iframe, the session, the bridge, the
 * controlled-value sync and the reveal. `component` is the public name, for error messages.
 *
 * @example
 * export const SvcChat = createSvcEmbedComponent<SvcChatProps>('chat', 'SvcChat');
 */
export function createSvcEmbedComponent<P extends SvcEmbedCommonProps>(
  surface: Surface,
  component: string,
): ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<SvcEmbedHandle>> {
  const subject = `<${component}>`;
  const SvcEmbed = forwardRef(function SvcEmbed(props: SvcEmbedAnyProps, ref: Ref<SvcEmbedHandle>): ReactNode {
    // The provider's settings fill what the props leave undefined: the one merge.
    const options = withSettings(props, useContext(SvcProviderContext)) as SvcEmbedAnyProps & { readonly tenantOrigin: string };
    // Development only: a bad controlled prop or keepAlive, named where it is written (production finds a bad
    // controlled value when its action is built).
    const problem = isDevelopment ? findPropProblem(component, options) : undefined;
    /** The coded messages this mount printed in development: each once. */
    const printed = useRef<Set<string>>(null);
    /**
     * Hands an event to the callback prop for its type (see `EVENT_CALLBACK_PROPS`), then to `onEvent`. Errors
     * reach `onError` through the failure report instead, coded, and only when the library did not handle
     * them. The hook calls the latest render's handlers, so these read the latest props.
     */
    const onEvent = (message: SvcEventMessage): void => {
      if (message.type !== 'svc:event:error') {
        const callback = props[EVENT_CALLBACK_PROPS[message.type]] as ((payload: unknown, message: SvcEventMessage) => void) | undefined;
        callback?.(message.payload, message);
      }
      props.onEvent?.(message);
    };
    const { controller, snapshot, embedId, hostRef, hostKey } = useEmbedController({
      ...options,
      surface,
      subject,
      // A bad prop never throws from render (the embed is part of someone else's page): it becomes this
      // embed's failure, shown by errorFallback and reported to onError once the embed is attached.
      problem,
      onEvent,
      onFailure: (error) => {
        if (isDevelopment) printFailure(props, error, subject, printed);
        reportFailure(props, surface, error);
      },
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

    // Over the host: the error fallback once the embed failed, else the loading fallback while the iframe is
    // hidden (so it never covers a visible embed or takes its clicks). The error layer is announced to
    // assistive technology.
    const { error } = snapshot;
    const fallback = props.errorFallback;
    // A retry cannot start an embed whose prop is still bad (development): it stays failed until corrected.
    const retry = isDevelopment && problem ? () => {} : controller.retry;
    const layer = error ? (typeof fallback === 'function' ? fallback(error, retry) : fallback) : snapshot.visible ? null : props.loading;

    return (
      <div className={props.className} style={{ position: 'relative', ...props.style }} aria-busy={!snapshot.visible && !error} data-svc-embed={embedId}>
        {/* Warm up the connection while the page hydrates (not for a tenant refused as given); React 19
            hoists this into the head. */}
        {!error && <link rel="preconnect" href={controller.bridge.tenantOrigin} />}
        <div key={hostKey} ref={hostRef} style={{ width: '100%', height: '100%' }} />
        {layer != null && (
          <div data-svc-embed-state={error ? 'error' : 'loading'} role={error ? 'alert' : undefined} style={{ position: 'absolute', inset: 0 }}>
            {layer}
          </div>
        )}
      </div>
    );
  });
  // Production builds drop the names anyway; development tools show the public one.
  if (isDevelopment) SvcEmbed.displayName = component;
  // One implementation reads the props of all three: each component's own props are among them.
  return SvcEmbed as ForwardRefExoticComponent<PropsWithoutRef<P> & RefAttributes<SvcEmbedHandle>>;
}
