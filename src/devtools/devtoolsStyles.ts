import type { CSSProperties } from 'react';
import type { InspectorKind } from './inspectorKinds.js';
import type { SvcDevtoolsPosition } from './SvcDevtoolsProps.js';

// Colours are chosen for at least 4.5:1 contrast on the panel background, so the panel passes accessibility
// checks wherever it is rendered.
const BACKGROUND = '#1b1f2a';
const FOREGROUND = '#eef1f7';
const MUTED = '#b9c0cf';
const BORDER = '#3a4152';
const FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** Corner offsets of the fixed positions. */
const CORNERS: Record<Exclude<SvcDevtoolsPosition, 'inline'>, CSSProperties> = {
  'bottom-right': { bottom: 12, right: 12 },
  'bottom-left': { bottom: 12, left: 12 },
  'top-right': { top: 12, right: 12 },
  'top-left': { top: 12, left: 12 },
};

/** The outer box: fixed to a corner above the page, or a block in the flow. */
export function rootStyle(position: SvcDevtoolsPosition, open: boolean): CSSProperties {
  const box: CSSProperties = {
    boxSizing: 'border-box',
    fontFamily: FONT,
    fontSize: 12,
    lineHeight: 1.4,
    color: FOREGROUND,
    background: BACKGROUND,
    border: `1px solid ${BORDER}`,
    borderRadius: 8,
    boxShadow: '0 6px 24px rgba(0, 0, 0, 0.35)',
    textAlign: 'left',
  };
  if (position === 'inline') return { ...box, width: '100%', maxHeight: open ? 560 : undefined, display: 'flex', flexDirection: 'column' };
  return {
    ...box,
    position: 'fixed',
    zIndex: 2147483000,
    ...CORNERS[position],
    width: open ? 'min(560px, calc(100vw - 24px))' : undefined,
    maxHeight: open ? 'min(70vh, 620px)' : undefined,
    display: 'flex',
    flexDirection: 'column',
  };
}

export const headerStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 8, padding: '6px 8px' };

export const buttonStyle: CSSProperties = {
  font: 'inherit',
  color: FOREGROUND,
  background: '#2b3243',
  border: `1px solid ${BORDER}`,
  borderRadius: 4,
  padding: '2px 8px',
  cursor: 'pointer',
};

export const toggleStyle = (pressed: boolean): CSSProperties => ({
  ...buttonStyle,
  background: pressed ? '#3d4b6b' : BACKGROUND,
  color: pressed ? FOREGROUND : MUTED,
  textDecoration: pressed ? 'none' : 'line-through',
});

export const inputStyle: CSSProperties = {
  font: 'inherit',
  color: FOREGROUND,
  background: '#11141b',
  border: `1px solid ${BORDER}`,
  borderRadius: 4,
  padding: '2px 6px',
  minWidth: 0,
};

export const sectionStyle: CSSProperties = { borderTop: `1px solid ${BORDER}`, padding: '6px 8px' };

export const listStyle: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

export const timelineStyle: CSSProperties = { ...listStyle, overflow: 'auto', flex: '1 1 auto', minHeight: 80, borderTop: `1px solid ${BORDER}` };

export const rowStyle: CSSProperties = { padding: '4px 8px', borderBottom: `1px solid ${BORDER}` };

export const mutedStyle: CSSProperties = { color: MUTED };

export const detailStyle: CSSProperties = { color: MUTED, overflowWrap: 'anywhere' };

export const jsonStyle: CSSProperties = {
  margin: '4px 0 0',
  padding: 6,
  background: '#11141b',
  borderRadius: 4,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  maxHeight: 240,
  overflow: 'auto',
};

/** One readable colour per kind, all legible on the panel background. */
export const KIND_COLORS: Record<InspectorKind, string> = {
  event: '#8fc1ff',
  'action-sent': '#7fe0a6',
  'action-queued': '#ffd37a',
  'action-flushed': '#b8f07a',
  dropped: '#ff9e9e',
  lifecycle: '#d6b8ff',
};

/** A foreign message (another origin or window, ignored as it should be): neutral, not the colour of a drop. */
export const FOREIGN_COLOR = MUTED;

export const STATUS_COLORS: Record<string, string> = {
  loading: '#ffd37a',
  ready: '#8fc1ff',
  loaded: '#7fe0a6',
  error: '#ff9e9e',
};
