import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { type DownloadPayload, SvcDashboard } from '../src/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { Playground } from './support/Playground.js';

interface Args {
  readonly timeGrain: 'day' | 'week' | 'month';
  readonly locale: string;
}

const FORMATS = ['csv', 'xlsx', 'png', 'pdf'] as const;

/**
 * The emulator's seeded dashboard as the platform shows it: the "Revenue over time" chart regroups when the
 * time grain changes (the control sets the grain the page opens with; the Day / Week / Month buttons in the
 * frame change it live), and exports come in every format the platform has: CSV, XLSX and PNG on each
 * chart, CSV, XLSX and PDF for the whole dashboard. The checklist below ticks each format as its download
 * event arrives.
 */
const meta: Meta<Args> = {
  title: 'Emulator/Fidelity',
  args: { timeGrain: 'month', locale: 'en-US' },
  argTypes: {
    timeGrain: { control: 'inline-radio', options: ['day', 'week', 'month'], description: 'The grain the page opens with (part of the address)' },
    locale: { control: 'select', options: ['en-US', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP'] },
  },
};
export default meta;

/** Which download formats the embed reported so far, with the last payload of each. */
function DownloadChecklist({ seen }: { readonly seen: Readonly<Partial<Record<string, DownloadPayload>>> }) {
  return (
    <ul data-testid="download-checklist" style={{ display: 'flex', gap: 16, listStyle: 'none', padding: 0, margin: '0 0 12px', fontSize: 13 }}>
      {FORMATS.map((format) => {
        const payload = seen[format];
        return (
          <li key={format} data-format={format} data-seen={payload ? 'true' : 'false'}>
            {payload ? '✔' : '○'} {format.toUpperCase()}
            {payload ? ` (${payload.target}${payload.rowCount === undefined ? '' : `, ${payload.rowCount} rows`})` : ''}
          </li>
        );
      })}
    </ul>
  );
}

function FidelityDemo({ timeGrain, locale }: Args) {
  const [seen, setSeen] = useState<Partial<Record<string, DownloadPayload>>>({});
  return (
    <Playground embedId="fidelity">
      <DownloadChecklist seen={seen} />
      <SvcDashboard
        embedId="fidelity"
        tenantOrigin={EMULATOR_URL}
        publicId="sales-overview"
        allowExport
        locale={locale}
        params={{ timeGrain }}
        onDownload={(payload) => setSeen((previous) => ({ ...previous, [payload.format]: payload }))}
        style={{ height: 900, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' }}
      />
    </Playground>
  );
}

export const DateChartAndDownloads: StoryObj<Args> = {
  render: (args) => <FidelityDemo {...args} />,
};
