import type { Decorator, Preview } from '@storybook/react-vite';
import { createElement, Fragment } from 'react';
// The panel itself, not the `SvcDevtools` switch: a built (production) playground keeps its inspector.
import { SvcDevtoolsPanel } from '../src/devtools/SvcDevtoolsPanel.js';

/**
 * Every story gets the message inspector in a corner, collapsed: one click shows the embeds, their status and
 * the live timeline. It renders before the story so it records the story's embeds from their first message.
 * A story that shows the panel itself sets `parameters.devtools: false`.
 */
const withDevtools: Decorator = (Story, context) =>
  context.parameters.devtools === false
    ? createElement(Story)
    : createElement(Fragment, null, createElement(SvcDevtoolsPanel, { position: 'bottom-left' }), createElement(Story));

const preview: Preview = {
  decorators: [withDevtools],
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    options: {
      // The docs pages first, in reading order (a new page not listed here sorts after them); then the stories.
      storySort: {
        order: [
          'Docs',
          [
            'Getting started',
            'SvcDashboard',
            'SvcApp',
            'SvcChat',
            'Controlled props',
            'Events and hooks',
            'Provider',
            'Sessions and renewal',
            'Server rendering and frameworks',
            'Keep-alive and preloading',
            'Server client',
            'Time zones, entitlements, logout and export',
            'Emulator',
            'Testing your app',
            'Developer tools',
            'Security model',
            'Migrating from postMessage',
            'Troubleshooting',
          ],
          'Embeds',
          'Recipes',
          'Lifecycle',
          'Keep-alive',
          'Renewal',
          'Developer tools',
          'Emulator',
        ],
      },
    },
  },
};

export default preview;
