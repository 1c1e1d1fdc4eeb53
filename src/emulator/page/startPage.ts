import type { Surface } from '../../protocol/envelope.js';
import { resolveLocale } from '../../protocol/resolveLocale.js';
import { resolveTimezone } from '../../protocol/resolveTimezone.js';
import { createTenantBridge, type TenantBridge } from '../../tenant/createTenantBridge.js';
import { detectHostOrigin } from '../../tenant/detectHostOrigin.js';
import type { EmulatorBootConfig } from '../EmulatorBootConfig.js';
import { applyTheme } from './applyTheme.js';
import { TIME_GRAINS, type TimeGrain } from './bucketTime.js';
import { createColorScheme } from './createColorScheme.js';
import { createPageStore, type PageState } from './createPageStore.js';
import { createSessionWatch, type SessionWatch, type TokenGrant } from './createSessionWatch.js';
import type { SessionFailure } from './createTokenGuard.js';
import { filterRows } from './filterRows.js';
import { formatNumber } from './formatNumber.js';
import { handleActions } from './handleActions.js';
import { handleSetSession } from './handleSetSession.js';
import { labelsFor } from './labels.js';
import { mountApp } from './mountApp.js';
import { mountChat } from './mountChat.js';
import { mountDashboard } from './mountDashboard.js';
import type { EventSink, PageContext } from './PageContext.js';
import { installStyles } from './pageStyles.js';
import { readBootConfig } from './readBootConfig.js';
import { readTimeGrainSpec } from './readWidgetConfig.js';
import { relabel } from './relabel.js';
import { renderErrorState } from './renderErrorState.js';
import { showSessionExpired } from './showSessionExpired.js';
import type { SurfaceView } from './SurfaceView.js';
import { acquireToken, rememberToken } from './acquireToken.js';
import { refuseSessionForPage } from './refuseSessionForPage.js';

/** Without a host to talk to (the page opened on its own), events go nowhere. */
const NO_HOST: EventSink = { emit: () => null };

/** The surface an address shows, for reporting a boot config that could not be read. */
function surfaceOfPath(path: string): Surface {
  if (path.startsWith('/embed/chat')) return 'chat';
  if (/^\/embed\/d\/[^/]+\/app/.test(path)) return 'app';
  return 'dashboard';
}

/** The emulator's account default: the zone the platform falls back to when no source names one. */
const DEFAULT_TIMEZONE = 'UTC';

/**
 * The time zone ladder at load, highest first (the runtime action comes later): the address's `timezone`,
 * the session's `settings.timezone`, the default. A value the platform ignores (a bare offset, an unknown
 * name) falls through to the next source.
 */
function initialTimezone(boot: EmulatorBootConfig): Pick<PageState, 'timezone' | 'timezoneSource'> {
  const address = boot.timezone === null ? null : resolveTimezone(boot.timezone);
  if (address) return { timezone: address, timezoneSource: 'address' };
  const session = boot.grants?.settings.timezone;
  const granted = session === undefined ? null : resolveTimezone(session);
  if (granted) return { timezone: granted, timezoneSource: 'session' };
  return { timezone: DEFAULT_TIMEZONE, timezoneSource: 'default' };
}

function initialState(boot: EmulatorBootConfig): PageState {
  const scheme = boot.params.colorScheme;
  const timeGrainWidget = boot.dashboard?.widgets.find((widget) => widget.type === 'TIME_GRAIN');
  const grainParam = TIME_GRAINS.find((grain) => grain === boot.params.timeGrain);
  const timeGrain: TimeGrain = grainParam ?? (timeGrainWidget ? readTimeGrainSpec(timeGrainWidget).initial : 'month');
  return {
    colorScheme: scheme === 'dark' || scheme === 'auto' ? scheme : 'light',
    theme: boot.theme,
    // The address's locale, then the session's, then the default; one the platform does not ship falls through.
    locale: resolveLocale(boot.locale ?? '') ?? resolveLocale(boot.grants?.settings.locale ?? '') ?? 'en-US',
    filters: boot.filters,
    timeGrain,
    ...initialTimezone(boot),
  };
}

function mountSurface(root: HTMLElement, context: PageContext, mountedAt: number): SurfaceView {
  switch (context.boot.surface) {
    case 'dashboard':
      return mountDashboard(root, context, mountedAt);
    case 'app':
      return mountApp(root, context);
    case 'chat':
      return mountChat(root, context);
  }
}

/**
 * Starts the emulator's embed page: reads the boot config, renders the surface, and speaks the protocol
 * with the host page through the tenant bridge (events to the host origin only, actions only from the
 * parent window). Emits `ready` once mounted, then `view`; a boot config with an `error` shows the error
 * and emits a fatal `svc:event:error` instead.
 *
 * @example
 * startPage(document); // what page.js does when it loads
 */
export function startPage(doc: Document): void {
  const mountedAt = performance.now();
  const win = doc.defaultView ?? window;
  installStyles(doc);
  const root = doc.getElementById('root') ?? doc.body.appendChild(Object.assign(doc.createElement('div'), { id: 'root' }));
  const hostOrigin = detectHostOrigin(win);
  if (hostOrigin === null && win.parent !== win) {
    console.warn('[svc emulator] The host page origin is unknown (no ancestorOrigins, no referrer): no events will be sent.');
  }

  let boot: EmulatorBootConfig;
  try {
    boot = readBootConfig(doc);
  } catch (error) {
    const failure = { name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) };
    renderErrorState(root, labelsFor('en-US').cannotShow, failure);
    const surface = surfaceOfPath(win.location.pathname);
    const bridge = hostOrigin === null ? null : createTenantBridge({ surface, hostOrigin, window: win });
    bridge?.emit('svc:event:error', { ...failure, context: 'boot', fatal: true });
    return;
  }

  // Messages the bridge ignores are counted on <html data-ignored-messages> and logged for the developer:
  // the emulator is a development tool, and "why did my action do nothing" deserves an answer.
  let ignored = 0;
  const bridge =
    hostOrigin === null
      ? null
      : createTenantBridge({
          surface: boot.surface,
          hostOrigin,
          window: win,
          onDebug: (report) => {
            ignored += 1;
            doc.documentElement.dataset.ignoredMessages = String(ignored);
            console.debug(`[svc emulator] message ignored (${report.reason}): ${report.detail}`);
          },
        });
  const events: EventSink = bridge ?? NO_HOST;
  const fail = (failure: { readonly name: string; readonly message: string }): void => {
    renderErrorState(root, labelsFor(resolveLocale(boot.locale ?? '') ?? 'en-US').cannotShow, failure);
    events.emit('svc:event:error', { message: failure.message, name: failure.name, context: 'session', fatal: true });
    bridge?.destroy();
  };

  if (boot.error) {
    fail(boot.error);
    return;
  }
  if (boot.mode === 'private') {
    runPage(doc, root, boot, bridge, events, null, mountedAt);
    return;
  }
  // A signed page trades its session id (in its address, where the host put it) for a token it keeps in
  // memory: the token is never written to the address.
  const sessionId = new URL(win.location.href).searchParams.get(boot.surface === 'chat' ? 'sessionId' : 'session') ?? '';
  void acquireToken(win, sessionId).then((acquired) => {
    if (!('grant' in acquired)) {
      fail(acquired);
      return;
    }
    const { grants } = acquired;
    const refusal = refuseSessionForPage({ surface: boot.surface, deploymentId: boot.deploymentId }, grants);
    if (refusal) {
      fail(refusal);
      return;
    }
    const signed: EmulatorBootConfig = {
      ...boot,
      grants,
      viewer: grants.viewer,
      embedTenant: grants.embedTenant,
      theme: grants.theme,
      // The chat belongs to no dashboard or path: its deployment is the session's.
      deploymentId: boot.deploymentId ?? grants.deploymentId,
    };
    // Without AI the chat surface has nothing to show: the platform gives the session no AI credentials.
    if (boot.surface === 'chat' && grants.settings.allowAi === false) {
      fail({ name: 'AiNotAllowedError', message: 'AI is turned off for this session (settings.allowAi: false): the chat cannot open.' });
      return;
    }
    runPage(doc, root, signed, bridge, events, { sessionId, grant: acquired.grant }, mountedAt);
  });
}

/**
 * Renders the surface and speaks the protocol: everything after the page knows who it shows (a private page
 * at once, a signed page once it holds its token).
 */
function runPage(
  doc: Document,
  root: HTMLElement,
  boot: EmulatorBootConfig,
  bridge: TenantBridge | null,
  events: EventSink,
  signedIn: { readonly sessionId: string; readonly grant: TokenGrant } | null,
  mountedAt: number,
): void {
  const win = doc.defaultView ?? window;
  const store = createPageStore(initialState(boot));
  const labels = () => labelsFor(store.get().locale);
  doc.documentElement.lang = store.get().locale;
  doc.documentElement.dataset.locale = store.get().locale;
  doc.documentElement.dataset.timezone = store.get().timezone;
  doc.documentElement.dataset.timezoneSource = store.get().timezoneSource;

  let rows = filterRows(boot.dataset, store.get().filters);
  const session = signedIn === null ? null : watchToken(signedIn.grant);
  /** Takes the "session expired" state away again; set while it shows. */
  let hideExpired: (() => void) | null = null;

  /**
   * A signed page watches its token. The newer protocol announces the end, then shows the expired state
   * over the surface it keeps, and waits for a new session; the older one ends the page: an error state
   * in place of the surface and no more actions obeyed. Both send the fatal error older hosts act on.
   */
  /**
   * The token's schedule on `<html>` (never the token): when the page announces the end, when it stops
   * trusting it, and the server's clock at the exchange, for the developer and the tests to read.
   */
  const showSchedule = (grant: TokenGrant): void => {
    doc.documentElement.dataset.tokenExpiringAt = String(grant.expiringAt);
    doc.documentElement.dataset.tokenExpiresAt = String(grant.expiresAt);
    doc.documentElement.dataset.tokenServerNow = String(grant.now);
  };
  if (signedIn) showSchedule(signedIn.grant);

  function watchToken(grant: TokenGrant): SessionWatch {
    return createSessionWatch({
      win,
      grant,
      intervalMs: boot.tokenCheckIntervalMs ?? 20_000,
      onExpiring: (expiresAt) => {
        if (boot.inPlaceRenewal) events.emit('svc:event:session-expiring', { expiresAt });
      },
      onExpired: (failure: SessionFailure) => {
        if (boot.inPlaceRenewal) {
          hideExpired = showSessionExpired(doc, root, labels().cannotShow, failure);
          events.emit('svc:event:session-expired', {});
        } else {
          renderErrorState(root, labels().cannotShow, failure);
        }
        events.emit('svc:event:error', { message: failure.message, name: failure.name, context: 'session', fatal: true });
        if (!boot.inPlaceRenewal) {
          session?.stop();
          bridge?.destroy();
        }
      },
    });
  }

  const ready = (): void => {
    events.emit('svc:event:ready', {
      embedTenant: boot.embedTenant,
      deploymentId: boot.deploymentId,
      mode: boot.mode,
      surface: boot.surface,
      ...(boot.surface === 'dashboard' && boot.publicId !== undefined ? { publicId: boot.publicId } : {}),
    });
  };

  /** A new session took: same document, same state; a new handshake, and the new token's own schedule. */
  const renewed = (grant: TokenGrant): void => {
    // The new token replaces the old one in memory, and where a reload of this page finds it.
    if (signedIn) rememberToken(win, signedIn.sessionId, grant.token);
    showSchedule(grant);
    hideExpired?.();
    hideExpired = null;
    ready();
    session?.adopt(grant);
  };

  const context: PageContext = {
    boot,
    store,
    events,
    labels,
    format: (value, compact) => formatNumber(store.get().locale, value, compact),
    rows: () => rows,
    checkSession: () => session?.check(),
  };

  const colorScheme = createColorScheme(doc, win);
  colorScheme.apply(store.get().colorScheme);
  const rejectedTheme = applyTheme(doc.documentElement, store.get().theme);
  const view = mountSurface(root, context, mountedAt);

  store.subscribe((state, changed) => {
    // A change the viewer made (a time grain) acts for them as an action does.
    context.checkSession();
    if (changed.has('colorScheme')) colorScheme.apply(state.colorScheme);
    if (changed.has('timezone')) {
      doc.documentElement.dataset.timezone = state.timezone;
      doc.documentElement.dataset.timezoneSource = state.timezoneSource;
    }
    if (changed.has('locale')) {
      doc.documentElement.lang = state.locale;
      doc.documentElement.dataset.locale = state.locale;
      relabel(doc, labels());
    }
    if (changed.has('filters')) rows = filterRows(boot.dataset, state.filters);
    view.update(changed);
  });

  if (bridge) {
    const sessionExpired = (): boolean => session?.expired() ?? false;
    handleActions(bridge, { boot, store, view, root: doc.documentElement, checkSession: context.checkSession, sessionExpired });
    handleSetSession(bridge, { win, boot, events, session, onRenewed: renewed });
  }

  ready();
  // A token minted inside its expiring window is announced right after ready.
  session?.check();
  view.start();
  if (rejectedTheme.length > 0) {
    events.emit('svc:event:error', {
      message: `ignored embedTheme fields that are not valid CSS: ${rejectedTheme.join(', ')}`,
      name: 'ThemeError',
      context: 'embedTheme',
      fatal: false,
    });
  }
}
