/** One figure a story shows: a label, its value, and a test id so tests can read it. */
export interface Figure {
  readonly label: string;
  readonly value: number | string;
  readonly testId: string;
}

/** A row of labelled figures (sessions fetched, ready events, renewals...), in a region named `label`. */
export function Figures({ figures, label = 'Figures' }: { readonly figures: readonly Figure[]; readonly label?: string }) {
  return (
    <section aria-label={label}>
      <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 20px', margin: '8px 0', fontSize: 14 }}>
      {figures.map(({ label: name, value, testId }) => (
        <div key={testId} style={{ display: 'flex', gap: 6 }}>
          <dt>{name}</dt>
          <dd data-testid={testId} style={{ margin: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </dd>
        </div>
      ))}
      </dl>
    </section>
  );
}
