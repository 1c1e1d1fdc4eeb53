import { act, render } from '@testing-library/react';
import { mockSvcTenant } from 'svc-embed-react/testing';
import { Report } from '../src/Report';

// The README's testing-kit example, as an app's Jest suite runs it.
test('a changed region is sent to the embed as a filter action', async () => {
  const { rerender } = render(<Report region="EU" />);
  const tenant = mockSvcTenant({ act });
  tenant.ready();
  rerender(<Report region="US" />);
  const action = await tenant.waitForAction('svc:action:set-filter');
  expect(action.payload).toEqual({ filterUrlParameter: 'f_orders.region={"value":"US"}' });
  expect(action.targetOrigin).toBe('https://acme.example.com');
  tenant.emit('svc:event:download', { format: 'csv', target: 'widget', widgetId: 'w1' });
});
