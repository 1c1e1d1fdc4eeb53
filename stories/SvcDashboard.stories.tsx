import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useArgs } from 'storybook/preview-api';
import { type ColorScheme, SvcDashboard } from '../src/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { embedFrameStyle } from './support/harness.js';
import { Playground } from './support/Playground.js';

interface Args {
  readonly colorScheme: ColorScheme;
  readonly locale: string;
  readonly primaryColor: string;
  readonly borderRadius: number;
  readonly region: 'all' | 'EU' | 'US' | 'APAC' | 'LATAM';
  readonly status: 'all' | 'completed' | 'shipped' | 'processing' | 'cancelled';
  readonly allowExport: boolean;
}

/** Every control is a controlled prop: changing it sends an action; the iframe never reloads. */
const ARG_NAMES: (keyof Args)[] = ['colorScheme', 'locale', 'primaryColor', 'borderRadius', 'region', 'status', 'allowExport'];

const meta: Meta<Args> = {
  title: 'Embeds/SvcDashboard',
  // Named for its props' TSDoc, which describes the controls of the same name; the render function passes the
  // story's args on, and only those args are controls.
  component: SvcDashboard as unknown as ComponentType<Args>,
  parameters: { controls: { include: ARG_NAMES } },
  args: {
    colorScheme: 'light',
    locale: 'en-US',
    primaryColor: '#3b5bdb',
    borderRadius: 8,
    region: 'all',
    status: 'all',
    allowExport: true,
  },
  argTypes: {
    colorScheme: {
      control: 'inline-radio',
      options: ['light', 'dark', 'auto'],
    },
    locale: {
      control: 'select',
      options: ['en-US', 'de-DE', 'fr-FR', 'ja-JP', 'es-AR', 'pt-BR'],
    },
    primaryColor: { control: 'color' },
    borderRadius: { control: { type: 'range', min: 0, max: 24 } },
    region: {
      control: 'select',
      options: ['all', 'EU', 'US', 'APAC', 'LATAM'],
    },
    status: {
      control: 'select',
      options: ['all', 'completed', 'shipped', 'processing', 'cancelled'],
    },
    allowExport: {
      control: 'boolean',
      description: 'Identity-like: part of the address (changing it reloads)',
    },
  },
};
export default meta;

export const Dashboard: StoryObj<Args> = {
  // The action buttons change the story's args, as an app changes its state: the controls follow, and the
  // embed gets each change as an action from its props. Storybook's hook has to be called by the story function.
  render: function Render(args) {
    const [, updateArgs] = useArgs<Args>();
    return (
      <Playground
        embedId="dashboard"
        controlled={{
          setColorScheme: (colorScheme) => updateArgs({ colorScheme }),
          setLocale: (locale) => updateArgs({ locale }),
          setTheme: ({ primaryColor, borderRadius }) => updateArgs({ primaryColor, borderRadius }),
          setFilter: (key, value) =>
            updateArgs(key === 'orders.region' ? { region: (value ?? 'all') as Args['region'] } : { status: (value ?? 'all') as Args['status'] }),
        }}
      >
        <SvcDashboard
          embedId="dashboard"
          tenantOrigin={EMULATOR_URL}
          publicId="sales-overview"
          colorScheme={args.colorScheme}
          locale={args.locale}
          theme={{
            primaryColor: args.primaryColor,
            borderRadius: args.borderRadius,
          }}
          filters={{
            ...(args.region === 'all' ? {} : { 'orders.region': { value: args.region } }),
            ...(args.status === 'all' ? {} : { 'orders.status': { value: args.status } }),
          }}
          allowExport={args.allowExport}
          loading={<p style={{ padding: 24 }}>Loading the dashboard…</p>}
          style={embedFrameStyle(720)}
        />
      </Playground>
    );
  },
};
