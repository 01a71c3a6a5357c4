// The deal-follows components as the server renders them: nothing, whatever the browser-side state
// holds (whether this browser can get alerts is known only after hydration, so server markup and
// the first browser render agree). The shared jest setup needs jsdom, so the server renderer runs here.
import { renderToString } from 'react-dom/server';
import { publishAlertSubscription } from '../deal-alerts/alertState';
import { FollowBar } from './FollowBar';
import { ManageAlerts } from './ManageAlerts';
import { fakeSubscription, resetStores } from './testBrowser';

afterEach(resetStores);

describe('deal follows on the server', () => {
  it('render nothing, even with alerts known to be on', () => {
    publishAlertSubscription(fakeSubscription());
    expect(renderToString(<FollowBar searchTerm="lego" stores={[{ id: 1, name: 'Acme' }]} />)).toBe('');
    expect(renderToString(<ManageAlerts />)).toBe('');
  });
});
