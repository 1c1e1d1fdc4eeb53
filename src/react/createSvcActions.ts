import type { ActionType } from '../protocol/actionPayloads.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';
import { encodeFilterParameter } from '../protocol/encodeFilterParameter.js';
import type { SvcActions } from './SvcEmbedHandle.js';

/** Builds the typed senders on top of one generic `send`. */
export function createSvcActions(
  send: <T extends ActionType>(type: T, ...payload: ActionPayloadArgs<T>) => void,
): SvcActions {
  return {
    send,
    setColorScheme: (scheme) => send('svc:action:set-color-scheme', { scheme }),
    setTheme: (theme) => send('svc:action:set-theme', theme),
    setLocale: (locale) => send('svc:action:set-locale', { locale }),
    setTimezone: (timezone) => send('svc:action:set-timezone', { timezone }),
    setFilter: (key, value) => send('svc:action:set-filter', { filterUrlParameter: encodeFilterParameter(key, value) }),
    navigate: (path) => send('svc:action:navigate', { path }),
    refresh: () => send('svc:action:refresh'),
  };
}
