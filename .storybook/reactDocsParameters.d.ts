/** The React renderer's docs parameters (the module ships no types of its own): how it reads a prop table. */
declare module '@storybook/react/entry-preview-argtypes' {
  import type { ArgTypes } from '@storybook/react-vite';
  export const parameters: { readonly docs: { readonly extractArgTypes: (component: unknown) => ArgTypes | null } };
}
