import type { ArgTypes, ArgTypesEnhancer, Decorator, Preview } from '@storybook/react-vite';
// What the React renderer reads a component's prop table with (react-docgen-typescript's output), wrapped below.
import { parameters as reactDocsParameters } from '@storybook/react/entry-preview-argtypes';
import { createElement } from 'react';
import { addons } from 'storybook/preview-api';
// The panel itself, not the `SvcDevtools` switch: a built (production) playground keeps its inspector.
import { SvcDevtoolsPanel } from '../src/devtools/SvcDevtoolsPanel.js';
import { setSvcDocsUrl } from '../src/protocol/svcError.js';

// The links that end development error texts lead to this very site (`npm start`'s, or the built one wherever
// it is served): the preview frame is `<site>/iframe.html`, so the site's root is its folder.
setSvcDocsUrl(new URL('./', globalThis.location.href).href);

/**
 * A link to a section of a docs page (an error text's link to its Troubleshooting entry, a search result) lands
 * on that section: once the page has rendered, the section named by the site's address (`#svc110`) is scrolled
 * to the top. The docs page's own attempt runs on a timer and can come before a long page has its layout.
 */
function scrollToLinkedSection(): void {
  let id = '';
  try {
    id = decodeURIComponent(globalThis.parent.location.hash.slice(1));
  } catch {
    // A preview frame embedded by another origin cannot read its address: nothing to scroll to.
    return;
  }
  if (id === '') return;
  requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }));
}

/**
 * Every story opens under a slim bar that holds the message inspector, collapsed: one click shows the embeds,
 * their status and the live timeline, in the page flow above the story, so it never covers the embed. It
 * renders before the story so it records the story's embeds from their first message. Docs pages, and a story
 * that shows the panel itself (`parameters.devtools: false`), go without.
 */
const withDevtools: Decorator = (Story, context) =>
  context.parameters.devtools === false || context.viewMode === 'docs'
    ? createElement(Story)
    : createElement(
        'div',
        { className: 'svc-playground' },
        createElement('div', { className: 'svc-playground-bar' }, createElement(SvcDevtoolsPanel, { position: 'inline' })),
        createElement(Story),
      );

/** TSDoc as a reader wants it in a prop table: `{@link X}` as `X`, `{@link X | text}` as its text. */
const readableDoc = (text: string): string =>
  text.replace(/\{@link\s+([^}|\s]+)\s*(?:\|\s*([^}]+))?\}/g, (_link, target: string, label?: string) => (label ? label.trim() : `\`${target}\``));

/**
 * A default as the table shows it: TSDoc's `@default` arrives as written, sometimes wrapped in double quotes
 * and with Markdown backticks, which the table would show literally (`"the surrounding `<SvcProvider>`'s ..."`).
 */
const readableDefault = (summary: string): string =>
  readableDoc(summary)
    .replace(/^"([\s\S]*)"$/, '$1')
    .replace(/`/g, '');

/**
 * Props the components need though their type lets them be left out: `tenantOrigin` may come from a surrounding
 * `<SvcProvider>` instead, so the type cannot require it, but one of the two must give it.
 */
const REQUIRED_UNLESS_PROVIDED: ReadonlySet<string> = new Set(['tenantOrigin']);

/** Prop tables (and controls) that read like reference: plain TSDoc, readable defaults, the required marked. */
function readable(argTypes: ArgTypes): ArgTypes {
  return Object.fromEntries(
    Object.entries(argTypes).map(([name, argType]) => {
      const defaultValue = argType.table?.defaultValue;
      const required = REQUIRED_UNLESS_PROVIDED.has(name);
      return [
        name,
        {
          ...argType,
          ...(argType.description === undefined ? {} : { description: readableDoc(argType.description) }),
          ...(required ? { type: { name: 'string', ...argType.type, required: true } } : {}),
          table: {
            ...argType.table,
            ...(defaultValue?.summary === undefined ? {} : { defaultValue: { ...defaultValue, summary: readableDefault(defaultValue.summary) } }),
          },
        },
      ];
    }),
  ) as ArgTypes;
}

/** The stories' controls: their arg types, made readable. */
const readableArgTypes: ArgTypesEnhancer = (context) => readable(context.argTypes);

const preview: Preview = {
  decorators: [withDevtools],
  argTypesEnhancers: [readableArgTypes],
  // Once, when the preview starts (its channel is there by then).
  beforeAll: () => {
    addons.getChannel().on('docsRendered', scrollToLinkedSection);
  },
  parameters: {
    layout: 'fullscreen',
    // Required props first, in the Controls panel and in the docs pages' prop tables.
    controls: { expanded: true, sort: 'requiredFirst' },
    docs: {
      argTypes: { sort: 'requiredFirst' },
      // The docs pages' `<ArgTypes of={Component} />` tables read the component directly: made readable too.
      extractArgTypes: (component: unknown) => {
        const argTypes = reactDocsParameters.docs.extractArgTypes(component);
        return argTypes === null ? null : readable(argTypes);
      },
    },
    options: {
      // The docs pages first, in reading order (a new page not listed here sorts after them); then the stories.
      storySort: {
        order: [
          'Docs',
          [
            'Getting started',
            'Search',
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
          ['App state and errors', 'Lifecycle', 'Keep-alive', 'Renewal', 'Platform features'],
          'Developer tools',
          'Emulator',
        ],
      },
    },
  },
};

export default preview;
