/** The docs pages' full-text index, built with the site by the Storybook configuration (.storybook/main.ts). */
declare module 'virtual:svc-docs-search-index' {
  const index: readonly import('../../.storybook/docsSearchIndex.js').DocsSearchSection[];
  export default index;
}
