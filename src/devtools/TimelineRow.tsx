import { memo } from 'react';
import type { TimelineItem } from './createTimeline.js';
import { describeEntry } from './describeEntry.js';
import { buttonStyle, detailStyle, FOREIGN_COLOR, jsonStyle, KIND_COLORS, mutedStyle, rowStyle } from './devtoolsStyles.js';
import { toDisplayJson } from './toDisplayJson.js';

/** `HH:MM:SS.mmm` in local time: close events differ by milliseconds. */
function clock(at: number): string {
  const date = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}

interface TimelineRowProps {
  readonly item: TimelineItem;
  readonly expanded: boolean;
  readonly onToggleJson: (id: number) => void;
  readonly onCopy: (item: TimelineItem) => void;
}

/** One timeline entry: time, embed, kind, headline and detail, with its JSON on demand and a copy button. */
// Rows re-render only when their own entry or expansion changes, not on every new entry.
export const TimelineRow = /* @__PURE__ */ memo(function TimelineRow({ item, expanded, onToggleJson, onCopy }: TimelineRowProps) {
  const { entry, id, foreign } = item;
  const { title, detail } = describeEntry(entry);
  return (
    <li data-kind={entry.kind} data-foreign={foreign ? '' : undefined} data-title={title} data-embed-id={entry.embedId} style={rowStyle}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <span style={mutedStyle}>
          #{id} {clock(entry.at)}
        </span>
        <span>{entry.embedId}</span>
        {/* Another page's message, ignored as it should be: told apart from a real drop, in a neutral colour. */}
        <span style={{ color: foreign ? FOREIGN_COLOR : KIND_COLORS[entry.kind] }}>{foreign ? 'foreign' : entry.kind}</span>
        <strong>{title}</strong>
        <span style={{ marginLeft: 'auto', display: 'flex', gap: 4 }}>
          <button type="button" style={buttonStyle} aria-expanded={expanded} aria-label={`JSON of entry ${id}`} onClick={() => onToggleJson(id)}>
            {expanded ? 'Hide' : 'JSON'}
          </button>
          <button type="button" style={buttonStyle} aria-label={`Copy entry ${id} as JSON`} onClick={() => onCopy(item)}>
            Copy
          </button>
        </span>
      </div>
      {detail !== '' && <div style={detailStyle}>{detail}</div>}
      {expanded && <pre style={jsonStyle}>{toDisplayJson(entry)}</pre>}
    </li>
  );
});
