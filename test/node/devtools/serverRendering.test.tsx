import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SvcDevtools } from '../../../src/devtools/index.js';
import { embedInspector } from '../../../src/protocol/index.js';

describe('<SvcDevtools> on the server', () => {
  it('renders its collapsed button without listening to anything', () => {
    const html = renderToString(<SvcDevtools />);
    expect(html).toContain('data-svc-devtools');
    expect(html).toContain('Show SVC devtools');
    // Effects do not run on the server: nothing subscribes to the page-wide tap there.
    expect(embedInspector.active).toBe(false);
  });

  it('renders the open panel with an empty timeline', () => {
    const html = renderToString(<SvcDevtools defaultOpen position="inline" />);
    expect(html).toContain('No embed is connected.');
    expect(html).toContain('0 of at most 500 entries');
  });
});
