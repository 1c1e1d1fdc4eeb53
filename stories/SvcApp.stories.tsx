import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useArgs } from 'storybook/preview-api';
import { type ColorScheme, SvcApp } from '../src/index.js';
import { EMULATOR_URL } from './support/emulatorUrl.js';
import { Button, embedFrameStyle } from './support/harness.js';
import { Playground } from './support/Playground.js';
import { usePlaygroundApi } from './support/usePlaygroundApi.js';

interface Args {
  readonly colorScheme: ColorScheme;
  readonly locale: string;
  readonly path: string;
}

const ARG_NAMES: (keyof Args)[] = ['colorScheme', 'locale', 'path'];

const meta: Meta<Args> = {
  title: 'Embeds/SvcApp',
  // Named for its props' TSDoc, which describes the controls of the same name; the render function passes the
  // story's args on, and only those args are controls.
  component: SvcApp as unknown as ComponentType<Args>,
  parameters: { controls: { include: ARG_NAMES } },
  args: { colorScheme: 'light', locale: 'en-US', path: '/embed/d/42/app' },
  argTypes: {
    path: {
      control: 'select',
      options: ['/embed/d/42/app', '/embed/d/42/app/workbook/130', '/embed/d/42/app/workbook/131', '/embed/d/42/app/folder/7'],
      description: 'Controlled path: sent as navigate; navigation inside the embed updates this control (no echo)',
    },
    colorScheme: {
      control: 'inline-radio',
      options: ['light', 'dark', 'auto'],
    },
    locale: {
      control: 'select',
      options: ['en-US', 'de-DE', 'fr-FR', 'ja-JP'],
    },
  },
};
export default meta;

const HOME = '/embed/d/42/app';
const PATHS = [HOME, `${HOME}/workbook/130`, `${HOME}/folder/7`];

function AppStory({
  colorScheme,
  locale,
  path,
  setPath,
  setArgs,
}: Args & {
  readonly setPath: (path: string) => void;
  readonly setArgs: (args: Partial<Args>) => void;
}) {
  // The app is signed-only: the playground's backend mints a session, as your backend would.
  const session = usePlaygroundApi<{ sessionId: string }>('/session');
  if (session === null) return <p>Minting a session…</p>;
  if ('error' in session) return <p role="alert">{session.error}</p>;
  return (
    <Playground
      embedId="app"
      paths={PATHS}
      controlled={{
        setColorScheme: (scheme) => setArgs({ colorScheme: scheme }),
        setLocale: (language) => setArgs({ locale: language }),
      }}
    >
      <nav style={{ marginBottom: 8, display: 'flex', gap: 8 }}>
        {PATHS.map((p) => (
          <Button key={p} aria-pressed={p === path} onClick={() => setPath(p)}>
            {p.replace(HOME, '') || 'home'}
          </Button>
        ))}
        <code>{path}</code>
      </nav>
      <SvcApp
        embedId="app"
        tenantOrigin={EMULATOR_URL}
        deploymentId={42}
        session={session.value.sessionId}
        path={path}
        onNavigate={(payload) => setPath(payload.path)}
        colorScheme={colorScheme}
        locale={locale}
        style={embedFrameStyle(680)}
      />
    </Playground>
  );
}

export const App: StoryObj<Args> = {
  // Controlled path: the control (or the buttons) drive it; the app's own navigation is mirrored back into
  // the control. Storybook's hook has to be called by the story function itself.
  render: function Render(args) {
    const [, updateArgs] = useArgs<Args>();
    return <AppStory {...args} setPath={(path) => updateArgs({ path })} setArgs={updateArgs} />;
  },
};
