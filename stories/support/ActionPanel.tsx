import { type ColorScheme, useSvcActions } from '../../src/index.js';
import { Button, Panel } from './harness.js';

/**
 * The story's own state for the values it passes as controlled props. A button for one of them changes that
 * state (the story's controls follow, and the embed gets the action from the prop), never the embed behind
 * the props' back, so the Controls panel and the embed always agree.
 */
export interface ControlledState {
  readonly setColorScheme?: (scheme: ColorScheme) => void;
  readonly setLocale?: (locale: string) => void;
  readonly setTheme?: (theme: { readonly primaryColor: string; readonly borderRadius: number }) => void;
  readonly setFilter?: (key: 'orders.region' | 'orders.status', value: string | null) => void;
}

/** A button for every action: through the story's state when it controls that value, else through `useSvcActions`. */
export function ActionPanel({
  embedId,
  paths = [],
  controlled = {},
}: {
  readonly embedId: string;
  readonly paths?: readonly string[];
  readonly controlled?: ControlledState;
}) {
  const actions = useSvcActions(embedId);
  const setColorScheme = controlled.setColorScheme ?? actions.setColorScheme;
  const setLocale = controlled.setLocale ?? actions.setLocale;
  const setTheme = controlled.setTheme ?? ((theme) => actions.setTheme({ ...theme, font: 'Georgia, serif' }));
  const setFilter = controlled.setFilter ?? ((key, value) => actions.setFilter(key, value === null ? null : { value }));
  const button = (label: string, run: () => void) => (
    <Button key={label} onClick={run}>
      {label}
    </Button>
  );
  return (
    <Panel title="Actions">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {button('Light', () => setColorScheme('light'))}
        {button('Dark', () => setColorScheme('dark'))}
        {button('Auto', () => setColorScheme('auto'))}
        {button('Theme: teal', () => setTheme({ primaryColor: '#0f9d8a', borderRadius: 12 }))}
        {button('Locale: de-DE', () => setLocale('de-DE'))}
        {button('Locale: ja-JP', () => setLocale('ja-JP'))}
        {button('Filter: EU', () => setFilter('orders.region', 'EU'))}
        {button('Filter: completed', () => setFilter('orders.status', 'completed'))}
        {button('Clear filters', () => {
          setFilter('orders.region', null);
          setFilter('orders.status', null);
        })}
        {paths.map((path) => button(`Go to ${path.split('/').slice(-2).join('/')}`, () => actions.navigate(path)))}
        {button('Refresh', () => actions.refresh())}
      </div>
    </Panel>
  );
}
