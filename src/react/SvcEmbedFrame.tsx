import {
  type CSSProperties,
  forwardRef,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
} from 'react';
import { buildEmbedUrl } from '../protocol/buildEmbedUrl.js';
import { createEmbedBridge, type EmbedBridge } from '../protocol/createEmbedBridge.js';
import type { Surface } from '../protocol/envelope.js';
import type { Filters } from '../protocol/filterValue.js';
import type { SvcEventMessage } from '../protocol/messages.js';
import { type ControlledSync, createControlledSync } from './createControlledSync.js';
import { createSvcActions } from './createSvcActions.js';
import { EmbedStatusLayer } from './EmbedStatusLayer.js';
import { releaseHeldActions } from './pendingActions.js';
import type { SvcEmbedCommonProps } from './SvcEmbedProps.js';
import type { SvcEmbedHandle } from './SvcEmbedHandle.js';
import { useLatest } from './useLatest.js';
import { validateControlledProps } from './validateProps.js';

/** Props of the shared implementation behind the three components. */
export interface SvcEmbedFrameProps extends SvcEmbedCommonProps {
  readonly surface: Surface;
  /** The public component's name, for error messages. */
  readonly component: string;
  readonly publicId?: string | undefined;
  readonly deploymentId?: number | string | undefined;
  readonly allowExport?: boolean | undefined;
  readonly filters?: Filters | undefined;
}

/** One embed's identity: a new one means a new address, a new bridge and a fresh store. */
interface EmbedInstance {
  readonly key: string;
  readonly src: string;
  readonly bridge: EmbedBridge;
  readonly sync: ControlledSync;
}

const DEFAULT_TITLES: Record<Surface, string> = {
  dashboard: 'Analytics dashboard',
  app: 'Analytics app',
  chat: 'Analytics chat',
};

const wrapperBase: CSSProperties = { position: 'relative' };
const iframeStyle: CSSProperties = { border: 0, width: '100%', height: '100%', display: 'block' };

type CallbackName =
  | 'onReady'
  | 'onView'
  | 'onNavigate'
  | 'onDashboardLoaded'
  | 'onDownload'
  | 'onDrilldown'
  | 'onAiQuery'
  | 'onError';

const CALLBACKS: Record<SvcEventMessage['type'], CallbackName> = {
  'svc:event:ready': 'onReady',
  'svc:event:view': 'onView',
  'svc:event:navigate': 'onNavigate',
  'svc:event:dashboard-loaded': 'onDashboardLoaded',
  'svc:event:download': 'onDownload',
  'svc:event:drilldown': 'onDrilldown',
  'svc:event:ai-query': 'onAiQuery',
  'svc:event:error': 'onError',
};

function withComponent(component: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new TypeError(`<${component}>: ${message}`);
}

/** The shared implementation of `<SvcDashboard>`, `<SvcApp>` and `<SvcChat>`. */
export const SvcEmbedFrame = forwardRef(function SvcEmbedFrame(
  props: SvcEmbedFrameProps,
  ref: Ref<SvcEmbedHandle>,
): ReactNode {
  const { surface, component, tenantOrigin, session, publicId, deploymentId } = props;
  const generatedId = useId();
  const embedId = props.embedId ?? `svc${generatedId.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const latest = useLatest(props);
  const iframeRef = useRef<HTMLIFrameElement | null>(null);

  const values = {
    colorScheme: props.colorScheme,
    theme: props.theme,
    locale: props.locale,
    filters: props.filters,
    path: props.path,
  };
  validateControlledProps(component, values);

  // Identity props decide the address; the initial filters and locale are captured with it, so their later
  // changes travel as actions and never reload the iframe.
  const key = JSON.stringify([surface, tenantOrigin, session ?? null, publicId ?? null, String(deploymentId ?? ''), embedId]);
  const instanceRef = useRef<EmbedInstance | null>(null);
  if (instanceRef.current === null || instanceRef.current.key !== key) {
    let src: string;
    let bridge: EmbedBridge;
    try {
      src = buildEmbedUrl({
        surface,
        tenantOrigin,
        publicId,
        deploymentId,
        session,
        allowExport: props.allowExport,
        filters: props.filters,
        locale: props.locale,
        params: props.params,
      });
      bridge = createEmbedBridge({
        surface,
        tenantOrigin,
        embedId,
        onDebug: (report) => latest.current.onDebug?.(report),
      });
    } catch (error) {
      throw withComponent(component, error);
    }
    instanceRef.current = {
      key,
      src,
      bridge,
      sync: createControlledSync(bridge, { filters: props.filters, locale: props.locale }),
    };
  }
  const instance = instanceRef.current;

  useEffect(() => {
    const { bridge, sync } = instance;
    const disconnect = bridge.connect(() => iframeRef.current?.contentWindow);
    const off = bridge.onAny((message) => {
      if (message.type === 'svc:event:view' || message.type === 'svc:event:navigate') {
        sync.observePath(message.payload.path);
      }
      if (message.type === 'svc:event:ready' && bridge.store.getState().readyCount > 1) {
        sync.reapply(latest.current);
      }
      const current = latest.current;
      const callback = current[CALLBACKS[message.type]] as ((p: unknown, m: SvcEventMessage) => void) | undefined;
      callback?.(message.payload, message);
      current.onEvent?.(message);
    });
    releaseHeldActions(bridge);
    return () => {
      off();
      disconnect();
    };
  }, [instance, latest]);

  // After every commit: send only what changed (structural comparison inside).
  useEffect(() => {
    instance.sync.update(values);
  });

  useImperativeHandle(
    ref,
    () => ({
      ...createSvcActions(instance.bridge.send),
      embedId: instance.bridge.embedId,
      store: instance.bridge.store,
      get iframe() {
        return iframeRef.current;
      },
    }),
    [instance],
  );

  return (
    <div className={props.className} style={props.style ? { ...wrapperBase, ...props.style } : wrapperBase}>
      <iframe
        ref={iframeRef}
        key={instance.key}
        src={instance.src}
        title={props.title ?? DEFAULT_TITLES[surface]}
        data-svc-embed-id={instance.bridge.embedId}
        allow="clipboard-write; fullscreen"
        style={iframeStyle}
      />
      <EmbedStatusLayer store={instance.bridge.store} loading={props.loading} errorFallback={props.errorFallback} />
    </div>
  );
});
