import type { EmbedBridge } from '../runtime/createEmbedBridge.js';
import { listStyle, mutedStyle, STATUS_COLORS, sectionStyle } from './devtoolsStyles.js';
import { useEmbedStatus } from './useEmbedStatus.js';

function EmbedRow({ bridge }: { readonly bridge: EmbedBridge }) {
  const status = useEmbedStatus(bridge);
  return (
    <li data-embed-id={bridge.embedId} style={{ display: 'flex', gap: 8 }}>
      <strong>{bridge.embedId}</strong>
      <span style={mutedStyle}>{bridge.surface}</span>
      <span data-status={status} style={{ color: STATUS_COLORS[status] ?? 'inherit' }}>
        {status}
      </span>
      <span style={mutedStyle}>{bridge.tenantOrigin}</span>
    </li>
  );
}

/** The connected embeds on the page, each with its surface, live status and tenant origin. */
export function EmbedList({ embeds }: { readonly embeds: ReadonlyMap<string, EmbedBridge> }) {
  return (
    <div style={sectionStyle}>
      {embeds.size === 0 ? (
        <p style={{ ...mutedStyle, margin: 0 }}>No embed is connected.</p>
      ) : (
        <ul aria-label="Embeds on this page" style={{ ...listStyle, display: 'grid', gap: 2 }}>
          {[...embeds.values()].map((bridge) => (
            <EmbedRow key={bridge.embedId} bridge={bridge} />
          ))}
        </ul>
      )}
    </div>
  );
}
