import type { ButtonHTMLAttributes, CSSProperties, ReactNode } from 'react';

/**
 * The playground's few shared pieces of UI (a button, a panel, the embed's frame), so every story looks like one
 * product and not like a test page. Colours keep at least 4.5:1 contrast, so the stories pass axe.
 */
export const colors = {
  text: '#1d2330',
  muted: '#4a5468',
  border: '#dde1ea',
  surface: '#ffffff',
  accent: '#3b5bdb',
  accentText: '#ffffff',
} as const;

const buttonBase: CSSProperties = {
  font: 'inherit',
  fontSize: 13,
  lineHeight: '18px',
  padding: '5px 10px',
  borderRadius: 6,
  cursor: 'pointer',
};

/** A button: `primary` for the one main action of a panel, plain for the rest; `aria-pressed` shows as selected. */
export function Button({ primary = false, style, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { readonly primary?: boolean }) {
  const selected = primary || props['aria-pressed'] === true;
  return (
    <button
      type="button"
      {...props}
      style={{
        ...buttonBase,
        border: `1px solid ${selected ? colors.accent : colors.border}`,
        background: selected ? colors.accent : colors.surface,
        color: selected ? colors.accentText : colors.text,
        ...style,
      }}
    />
  );
}

/** A titled card beside the embed (actions, the event log): a region named by its title (no heading, so a story keeps its own heading order). */
export function Panel({ title, actions, children }: { readonly title: string; readonly actions?: ReactNode; readonly children: ReactNode }) {
  return (
    <section
      aria-label={title}
      style={{
        background: colors.surface,
        border: `1px solid ${colors.border}`,
        borderRadius: 10,
        padding: 12,
        minWidth: 0,
        color: colors.text,
      }}
    >
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          marginBottom: 8,
        }}
      >
        <strong
          style={{
            fontSize: 13,
            fontWeight: 600,
            margin: 0,
            textTransform: 'uppercase',
            letterSpacing: '0.04em',
            color: colors.muted,
          }}
        >
          {title}
        </strong>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** The frame every embed of the playground sits in: a card with the embed's height. */
export const embedFrameStyle = (height: number): CSSProperties => ({
  height,
  border: `1px solid ${colors.border}`,
  borderRadius: 10,
  overflow: 'hidden',
  background: colors.surface,
});
