import type { Meta, StoryObj } from '@storybook/react-vite';
import { SvcDashboard } from '../src/index.js';
// The panel itself: `SvcDevtools` renders nothing in a production build, which a built playground is.
import { SvcDevtoolsPanel as SvcDevtools } from '../src/devtools/SvcDevtoolsPanel.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';

/**
 * The message inspector beside a live dashboard: every embed with its status, the timeline of events,
 * actions (sent, queued, flushed), drops with their reasons and lifecycle steps. Filter it, copy an entry.
 */
const meta: Meta<typeof SvcDevtools> = {
  title: 'Developer tools/SvcDevtools',
  component: SvcDevtools,
  // This story shows the panel itself, in place of the bar above every other story.
  parameters: { devtools: false },
  args: { position: 'inline', defaultOpen: true, maxEntries: 500 },
  argTypes: {
    position: { control: 'select', options: ['inline', 'bottom-right', 'bottom-left', 'top-right', 'top-left'] },
    maxEntries: { control: { type: 'number', min: 1, max: 5000 } },
  },
};
export default meta;

export const Inspector: StoryObj<typeof SvcDevtools> = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 480px', gap: 16, padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      {/* The panel first: it starts recording before the dashboard connects. */}
      <div style={{ order: 2, minWidth: 0 }}>
        {/* A changed bound or starting state starts a fresh panel. */}
        <SvcDevtools key={`${args.maxEntries}-${args.defaultOpen}`} {...args} />
      </div>
      <SvcDashboard
        embedId="inspected"
        tenantOrigin={EMULATOR_URL}
        publicId="sales-overview"
        colorScheme="light"
        loading={<p style={{ padding: 24 }}>Loading the dashboard…</p>}
        style={{ order: 1, height: 720, border: '1px solid #dde1ea', borderRadius: 8, overflow: 'hidden' }}
      />
    </div>
  ),
};
