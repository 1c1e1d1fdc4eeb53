import { useCallback, useId, useMemo, useState } from 'react';
import { copyText } from './copyText.js';
import { DEFAULT_MAX_ENTRIES, type TimelineItem } from './createTimeline.js';
import { EmbedList } from './EmbedList.js';
import { buttonStyle, headerStyle, inputStyle, mutedStyle, rootStyle, sectionStyle, timelineStyle, toggleStyle } from './devtoolsStyles.js';
import { filterTimeline } from './filterTimeline.js';
import { formatSize } from '../credentials/formatSize.js';
import { INSPECTOR_KINDS, type InspectorKind } from './inspectorKinds.js';
import { toDisplayJson } from './toDisplayJson.js';
import type { SvcDevtoolsProps } from './SvcDevtoolsProps.js';
import { TimelineRow } from './TimelineRow.js';
import { useConnectedEmbeds } from './useConnectedEmbeds.js';
import { useInspectorTimeline } from './useInspectorTimeline.js';

const NO_KINDS: ReadonlySet<InspectorKind> = new Set();
const NO_IDS: ReadonlySet<number> = new Set();

/** A copy of `set` with `value` added or removed. */
function toggled<T>(set: ReadonlySet<T>, value: T): ReadonlySet<T> {
  const next = new Set(set);
  if (!next.delete(value)) next.add(value);
  return next;
}

/**
 * The development build of `<SvcDevtools>`: the embeds on the page with their status, and the filterable
 * timeline of what the inspector tap reports. Production builds never include this module.
 */
export function SvcDevtoolsPanel({ position = 'bottom-right', defaultOpen = false, maxEntries = DEFAULT_MAX_ENTRIES }: SvcDevtoolsProps) {
  const { items, timeline } = useInspectorTimeline(maxEntries);
  // Read on each render: every change to the count comes with a new snapshot, which renders.
  const foreign = timeline.getForeignCount();
  const embeds = useConnectedEmbeds();
  const [open, setOpen] = useState(defaultOpen);
  const [embedFilter, setEmbedFilter] = useState('');
  const [hiddenKinds, setHiddenKinds] = useState(NO_KINDS);
  const [text, setText] = useState('');
  const [expanded, setExpanded] = useState(NO_IDS);
  const [copyStatus, setCopyStatus] = useState('');
  const bodyId = useId();

  // Embeds that left the page still have entries worth filtering by.
  const embedIds = useMemo(() => {
    const ids = new Set(embeds.keys());
    for (const item of items) ids.add(item.entry.embedId);
    return [...ids].sort();
  }, [embeds, items]);

  const visible = useMemo(() => {
    const kinds = hiddenKinds.size === 0 ? undefined : new Set(INSPECTOR_KINDS.filter((kind) => !hiddenKinds.has(kind)));
    // Newest first: what just happened is what a developer looks for.
    return filterTimeline(items, { embedId: embedFilter === '' ? undefined : embedFilter, kinds, text }).reverse();
  }, [items, embedFilter, hiddenKinds, text]);

  const copy = useCallback(async (item: TimelineItem) => {
    const copied = await copyText(toDisplayJson(item.entry));
    setCopyStatus(copied ? `Copied entry ${item.id} as JSON` : `Could not copy entry ${item.id}: the clipboard is not available`);
  }, []);
  const toggleJson = useCallback((id: number) => setExpanded((current) => toggled(current, id)), []);

  return (
    <section data-svc-devtools="" aria-label="SVC embed devtools" style={rootStyle(position, open)}>
      <div style={headerStyle}>
        <button type="button" style={buttonStyle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
          {open ? 'Hide SVC devtools' : 'Show SVC devtools'}
        </button>
        <span style={mutedStyle}>
          {embeds.size} {embeds.size === 1 ? 'embed' : 'embeds'} · {items.length} {items.length === 1 ? 'entry' : 'entries'}
        </span>
      </div>
      {open && (
        <div id={bodyId} style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
          <EmbedList embeds={embeds} />
          <div style={{ ...sectionStyle, display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
            <select aria-label="Filter by embed" style={inputStyle} value={embedFilter} onChange={(event) => setEmbedFilter(event.target.value)}>
              <option value="">All embeds</option>
              {embedIds.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
            <input
              type="search"
              aria-label="Filter by text"
              placeholder="Filter text"
              style={{ ...inputStyle, flex: '1 1 120px' }}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            <button type="button" style={buttonStyle} onClick={() => timeline.clear()}>
              Clear timeline
            </button>
            <fieldset style={{ display: 'flex', flexWrap: 'wrap', gap: 4, border: 0, margin: 0, padding: 0, flexBasis: '100%' }}>
              <legend style={{ ...mutedStyle, float: 'left', marginRight: 4 }}>Kinds</legend>
              {INSPECTOR_KINDS.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  aria-pressed={!hiddenKinds.has(kind)}
                  style={toggleStyle(!hiddenKinds.has(kind))}
                  onClick={() => setHiddenKinds((current) => toggled(current, kind))}
                >
                  {kind}
                </button>
              ))}
            </fieldset>
          </div>
          <p role="status" style={{ ...mutedStyle, margin: 0, padding: '0 8px 4px' }}>
            {visible.length === items.length ? `${items.length} of at most ${maxEntries} entries` : `${visible.length} of ${items.length} entries shown`}
            {` · ${formatSize(timeline.getKeptSize())} kept`}
            {foreign === 0 ? '' : ` · ${foreign} foreign ${foreign === 1 ? 'message' : 'messages'} dropped (counted, not kept)`}
            {copyStatus === '' ? '' : ` · ${copyStatus}`}
          </p>
          <ol aria-label="Timeline, newest first" style={timelineStyle}>
            {visible.map((item) => (
              <TimelineRow key={item.id} item={item} expanded={expanded.has(item.id)} onToggleJson={toggleJson} onCopy={copy} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
