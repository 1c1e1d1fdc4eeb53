import { useSvcActions } from '../../src/index.js';

/** A button for every action, sent through `useSvcActions`. */
export function ActionPanel({ embedId, paths = [] }: { readonly embedId: string; readonly paths?: readonly string[] }) {
  const actions = useSvcActions(embedId);
  const button = (label: string, run: () => void) => (
    <button key={label} type="button" onClick={run} style={{ margin: 2 }}>
      {label}
    </button>
  );
  return (
    <section aria-label="Actions" style={{ fontSize: 12 }}>
      <strong>Actions</strong>
      <div>
        {button('Light', () => actions.setColorScheme('light'))}
        {button('Dark', () => actions.setColorScheme('dark'))}
        {button('Auto', () => actions.setColorScheme('auto'))}
        {button('Theme: teal', () => actions.setTheme({ primaryColor: '#0f9d8a', borderRadius: 12, font: 'Georgia, serif' }))}
        {button('Locale: de-DE', () => actions.setLocale('de-DE'))}
        {button('Locale: ja-JP', () => actions.setLocale('ja-JP'))}
        {button('Filter: EU', () => actions.setFilter('orders.region', { value: 'EU' }))}
        {button('Filter: completed', () => actions.setFilter('orders.status', { value: 'completed' }))}
        {button('Clear filters', () => {
          actions.setFilter('orders.region', null);
          actions.setFilter('orders.status', null);
        })}
        {paths.map((path) => button(`Go to ${path.split('/').slice(-2).join('/')}`, () => actions.navigate(path)))}
        {button('Refresh', () => actions.refresh())}
      </div>
    </section>
  );
}
