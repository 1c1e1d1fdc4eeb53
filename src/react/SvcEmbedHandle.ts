import type { ActionType, ColorScheme } from '../protocol/actionPayloads.js';
import type { ActionPayloadArgs } from '../protocol/createActionMessage.js';
import type { EmbedStore } from '../runtime/createEmbedStore.js';
import type { EmbedTheme } from '../protocol/embedTheme.js';
import type { FilterValue } from '../protocol/filterValue.js';

/** Typed senders for every action. Each is validated at once and queued until the embed is ready. */
export interface SvcActions {
  /** Sends any action. */
  send<T extends ActionType>(type: T, ...payload: ActionPayloadArgs<T>): void;
  setColorScheme(scheme: ColorScheme): void;
  setTheme(theme: EmbedTheme): void;
  setLocale(locale: string): void;
  /** Sets one filter (`null` clears it). */
  setFilter(key: string, value: FilterValue): void;
  navigate(path: string): void;
  refresh(): void;
}

/** What a `ref` on an embed component gives: the actions, the iframe, the id and the store. */
export interface SvcEmbedHandle extends SvcActions {
  readonly embedId: string;
  /** The iframe element (null before mount). */
  readonly iframe: HTMLIFrameElement | null;
  /** The embed's store. */
  readonly store: EmbedStore;
}
