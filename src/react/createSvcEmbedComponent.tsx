import {
  type ForwardRefExoticComponent,
  forwardRef,
  type PropsWithoutRef,
  type ReactNode,
  type Ref,
  type RefAttributes,
  useContext,
  useImperativeHandle,
} from 'react';
import { withSettings } from '../controller/EmbedOptions.js';
import type { SvcErrorPayload } from '../controller/SvcErrorPayload.js';
import type { Surface } from '../protocol/envelope.js';
import { isDevelopment } from '../protocol/isDevelopment.js';
import { withSubject } from '../protocol/svcError.js';
import type { Filters } from '../protocol/filterValue.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { SvcProviderContext } from '../reactBase/SvcProviderContext.js';
import { createSvcActions } from './createSvcActions.js';
import { type CallbackEventType, EVENT_CALLBACK_PROPS } from './eventCallbackProps.js';
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
 * Development only: prints a failure in the console, named after the component, when the app would otherwise
 * not see it (neither `onError` nor `errorFallback`), and always for a bad prop or option, as a mistake in the
 * app's code. The controller reports each failure once (a bad prop once however often it renders), so each
 * is printed once. The library's texts end with a link to the code's docs section.
 */
function printFailure(props: SvcEmbedAnyProps, error: SvcErrorPayload, subject: string): void {
  const badValue = error.context === 'props' || error.context === 'options' || error.context === 'address';
  if (!badValue && (props.onError !== undefined || props.errorFallback != null)) return;
  const { message, code } = error;
  // A library text gets the component after its code; the embed's own words (SVC310) get both in front.
  const named = !message.startsWith(code) ? `${code} ${subject} ${message}` : message.startsWith(subject, 7) ? message : withSubject(message, subject);
  console.error(named);
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
    // The provider's settings fill what the props leave undefined: the one merge. A missing or bad tenant fails
    // this embed like any bad identity (SVC101, naming tenantOrigin; see createEmbedController).
    const options = withSettings(props, useContext(SvcProviderContext)) as SvcEmbedAnyProps & { readonly tenantOrigin: string };
    /**
     * Hands an event to the callback prop for its type (see `EVENT_CALLBACK_PROPS`), then to `onEvent`. Errors
     * reach `onError` through `onFailure` instead: coded, and only those the library did not handle. The hook
     * calls the latest render's handlers, so these read the latest props.
     */
    const onEvent = (message: SvcEventMessage): void => {
      // An error event finds no callback here: it has no entry in the table.
      const callback = props[EVENT_CALLBACK_PROPS[message.type as CallbackEventType]] as ((payload: unknown, message: SvcEventMessage) => void) | undefined;
      callback?.(message.payload, message);
      props.onEvent?.(message);
    };
    // Development only: a bad controlled prop or keepAlive, named where it is written. It fails this embed,
    // never the page around it (production finds a bad controlled value when its action is built).
    const problem = isDevelopment ? findPropProblem(component, options) : undefined;
    const { controller, snapshot, embedId, hostRef, hostKey } = useEmbedController({
      ...options,
      surface,
      subject,
      problem,
      onEvent,
      // Every failure the app should hear of reaches onError, coded, as an error event. One of the library's
      // own making (getSession, a reused session, a bad prop) reaches onEvent too; the embed's own (SVC310)
      // got there as the embed sent it.
      onFailure: (error) => {
        if (isDevelopment) printFailure(props, error, subject);
        const message = { source: 'svc-embed', direction: 'event', type: 'svc:event:error', payload: error, timestamp: Date.now(), surface } as const;
        props.onError?.(error, message);
        if (error.code !== 'SVC310') props.onEvent?.(message);
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

    const { phase, visible, error } = snapshot;
    const fallback = props.errorFallback;
    // A retry cannot start an embed whose prop is still bad (development): it stays failed until corrected.
    const retry = isDevelopment && problem ? () => {} : controller.retry;
    return (
      <div className={props.className} style={{ position: 'relative', ...props.style }} aria-busy={!visible && phase !== 'error'} data-svc-embed={embedId}>
        {/* Warm up the connection while the page hydrates; React 19 hoists this into the head. */}
        <link rel="preconnect" href={controller.bridge.tenantOrigin} />
        <div key={hostKey} ref={hostRef} style={{ width: '100%', height: '100%' }} />
        {/* The loading layer stands in only while the iframe is hidden, so it never covers a visible embed or
            takes its clicks; the error layer is announced to assistive technology. */}
        {phase === 'error' && error !== null ? (
          fallback == null ? null : (
            <div data-svc-embed-state="error" role="alert" style={{ position: 'absolute', inset: 0 }}>
              {typeof fallback === 'function' ? fallback(error, retry) : fallback}
            </div>
          )
        ) : !visible && props.loading != null ? (
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
