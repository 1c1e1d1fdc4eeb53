import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useArgs } from 'storybook/preview-api';
import { type ColorScheme, SvcChat } from '../src/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { embedFrameStyle } from './support/harness.js';
import { Playground } from './support/Playground.js';

interface Args {
  readonly colorScheme: ColorScheme;
  readonly locale: string;
  readonly primaryColor: string;
  readonly inputColor: string;
}

const ARG_NAMES: (keyof Args)[] = ['colorScheme', 'locale', 'primaryColor', 'inputColor'];

const meta: Meta<Args> = {
  title: 'Embeds/SvcChat',
  // Named for its props' TSDoc, which describes the controls of the same name; the render function passes the
  // story's args on, and only those args are controls.
  component: SvcChat as unknown as ComponentType<Args>,
  parameters: { controls: { include: ARG_NAMES } },
  args: {
    colorScheme: 'light',
    locale: 'en-US',
    primaryColor: '#3b5bdb',
    inputColor: '#f4f6fb',
  },
  argTypes: {
    colorScheme: {
      control: 'inline-radio',
      options: ['light', 'dark', 'auto'],
    },
    locale: {
      control: 'select',
      options: ['en-US', 'de-DE', 'fr-FR', 'ja-JP'],
    },
    primaryColor: { control: 'color' },
    inputColor: { control: 'color' },
  },
};
export default meta;

/** Ask a question: the chat emits `ai-query` submitted, then completed (ask for an "error" to see one). */
export const Chat: StoryObj<Args> = {
  // The colour and language buttons change the story's args, so the controls and the chat agree.
  render: function Render(args) {
    const [, updateArgs] = useArgs<Args>();
    return (
      <Playground
        embedId="chat"
        controlled={{
          setColorScheme: (colorScheme) => updateArgs({ colorScheme }),
          setLocale: (locale) => updateArgs({ locale }),
          setTheme: ({ primaryColor }) => updateArgs({ primaryColor }),
        }}
      >
        <SvcChat
          embedId="chat"
          tenantOrigin={EMULATOR_URL}
          colorScheme={args.colorScheme}
          locale={args.locale}
          theme={{
            primaryColor: args.primaryColor,
            chat: { inputColor: args.inputColor },
          }}
          style={embedFrameStyle(640)}
        />
      </Playground>
    );
  },
};
