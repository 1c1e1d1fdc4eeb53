import * as z from 'zod/mini';

/**
 * The tri-state switches of a session's `settings`: what the viewer is entitled to, signed into the token so
 * the viewer cannot change it. Left out, a switch inherits the account's setting.
 */
export const SESSION_SETTING_SWITCHES = [
  'allowAi',
  'showDashboardChat',
  'showWorkbookChat',
  'showAiWidgets',
  'allowChatWorkspaceAuthoring',
  'showWorkbookShare',
  'showDashboardSettings',
  'showMemberNames',
  'showGroupByCube',
] as const;

/** A tri-state switch of the session settings. */
export type SessionSettingSwitch = (typeof SESSION_SETTING_SWITCHES)[number];

/**
 * Placement chrome: how one placement looks, which the platform reads from the embed's address only and does
 * not accept in `settings`. Each maps to the address option to use instead.
 */
export const PLACEMENT_ADDRESS_OPTIONS: Readonly<Record<string, string>> = {
  allowExport: 'allowExport=true',
  showDashboardExportMenu: 'showDashboardExportMenu=false',
  showDashboardHeader: 'showDashboardHeader=false',
  showDashboardTitle: 'showDashboardTitle=false',
  showDashboardBackButton: 'showDashboardBackButton=false',
  showDashboardEditButton: 'showDashboardEditButton=false',
  showDashboardDuplicateButton: 'showDashboardDuplicateButton=false',
  showWorkbookBackButton: 'showWorkbookBackButton=false',
  showNewChat: 'showNewChat=false',
  showChatInput: 'showChatInput=false',
  showChatHistory: 'showChatHistory=false',
};

/** Whether the runtime knows this IANA time zone name (a bare UTC offset is no zone name). */
function isTimeZoneName(name: string): boolean {
  if (!/^[A-Za-z]/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whether a text is a well-formed BCP 47 language tag. */
function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

const tristate = z.optional(z.boolean());

/**
 * A session's `settings`: the nine tri-state switches, and `locale` and `timezone` (below the address
 * parameters of the same names, above the account default). A key that is placement chrome is refused with
 * the address option to use instead; any other unknown key is refused too, since the platform would ignore
 * a misspelt entitlement without a word.
 */
export const embedSessionSettingsSchema = z
  .looseObject({
    allowAi: tristate,
    showDashboardChat: tristate,
    showWorkbookChat: tristate,
    showAiWidgets: tristate,
    allowChatWorkspaceAuthoring: tristate,
    showWorkbookShare: tristate,
    showDashboardSettings: tristate,
    showMemberNames: tristate,
    showGroupByCube: tristate,
    locale: z.optional(z.string().check(z.refine(isLanguageTag, { error: 'expected a BCP 47 language tag such as "en-GB"' }))),
    timezone: z.optional(
      z.string().check(
        z.refine(isTimeZoneName, {
          error: 'expected an IANA time zone name such as "America/New_York" (the platform ignores a bare UTC offset or an unknown name)',
        }),
      ),
    ),
  })
  .check(
    z.superRefine((settings, ctx) => {
      const known = new Set<string>([...SESSION_SETTING_SWITCHES, 'locale', 'timezone']);
      for (const key of Object.keys(settings)) {
        if (known.has(key)) continue;
        const address = PLACEMENT_ADDRESS_OPTIONS[key];
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: address
            ? `${key} is placement chrome, not an entitlement: the platform reads it from the embed's address only; use the address option ${address} instead`
            : `unknown session setting; expected one of ${[...known].join(', ')}`,
          input: settings,
        });
      }
    }),
  );

/**
 * A session's `settings`: what this viewer is entitled to. Each switch is tri-state: `true`, `false`, or left
 * out to inherit the account's setting. Placement chrome (headers, back buttons, the export menu) is not a
 * setting: it goes in the embed's address.
 */
export interface EmbedSessionSettings {
  /**
   * The master switch of AI, enforced by the server: with `false` the session gets no AI credentials at all,
   * the chat surface fails and the dashboard's agent and AI widgets are gone.
   * @default the account's setting
   */
  readonly allowAi?: boolean | undefined;
  /** Show the agent chat beside a dashboard. @default the account's setting */
  readonly showDashboardChat?: boolean | undefined;
  /** Show the agent chat in a workbook (creator mode). @default the account's setting */
  readonly showWorkbookChat?: boolean | undefined;
  /** Show AI widgets on dashboards. @default the account's setting */
  readonly showAiWidgets?: boolean | undefined;
  /** Let the chat author workspace content (creator mode). @default the account's setting */
  readonly allowChatWorkspaceAuthoring?: boolean | undefined;
  /** Show the workbook's Share control (creator mode). @default the account's setting */
  readonly showWorkbookShare?: boolean | undefined;
  /** Show the dashboard's settings control (creator mode). @default the account's setting */
  readonly showDashboardSettings?: boolean | undefined;
  /** Show other members' names (creator mode). @default the account's setting */
  readonly showMemberNames?: boolean | undefined;
  /** Show the group-by-cube control (creator mode). @default the account's setting */
  readonly showGroupByCube?: boolean | undefined;
  /**
   * The viewer's language, a BCP 47 tag such as `en-GB`: below the `locale` address parameter, above the
   * account default. @default the account's default
   */
  readonly locale?: string | undefined;
  /**
   * The zone time is bucketed in, an IANA name such as `America/New_York` (a bare UTC offset is refused):
   * below the runtime action and the `timezone` address parameter, above a zone the dashboard's author
   * pinned and the account default. @default the dashboard's pinned zone, else the account's
   */
  readonly timezone?: string | undefined;
}
