/**
 * @jest-environment node
 */
import { createManagementClient } from 'svc-embed-react/server';

// Server code (a route handler minting sessions) is tested in Jest's node environment.
test('the server client loads in the node environment', () => {
  const platform = createManagementClient({ baseUrl: 'https://acme.example.com/api', apiToken: 'test-token' });
  expect(typeof platform.createEmbedSession).toBe('function');
});
