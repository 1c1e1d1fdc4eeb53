import type { EmulatorBootConfig, GrantedSettings } from '../EmulatorBootConfig.js';

/** A tri-state switch of the session's settings. */
export type SessionSwitch = Exclude<keyof GrantedSettings, 'locale' | 'timezone'>;

/**
 * Whether the session entitles the viewer to `feature`: only an explicit `false` takes it away (left out,
 * a switch inherits the account's setting, which in the emulator grants everything). `allowAi: false` is
 * the master switch: it takes every AI feature away with it.
 */
export function entitled(boot: EmulatorBootConfig, feature: SessionSwitch): boolean {
  const settings = boot.grants?.settings ?? {};
  if (settings[feature] === false) return false;
  const ai: readonly SessionSwitch[] = ['showDashboardChat', 'showWorkbookChat', 'showAiWidgets', 'allowChatWorkspaceAuthoring'];
  return !(ai.includes(feature) && settings.allowAi === false);
}

/**
 * Whether this placement shows a control: a hiding switch in the address hides it only with the exact
 * string `false` (the platform's parsing rule); any other value, or none, leaves it shown.
 */
export const placementShows = (boot: EmulatorBootConfig, name: string): boolean => boot.params[name] !== 'false';
