// The deal-follows components as the server renders them: nothing, whatever the browser-side state
// holds (whether this browser can get alerts is known only after hydration, so server markup and
// the first browser render agree). The shared jest setup needs jsdom, so the server renderer runs here.
import { renderToString } from 'react-dom/server';
import { fakeSubscription } from '../../testing/dealAlertsBrowser';
import { publishAlertSubscription, resetAlertState } from '../deal-alerts';
import { FollowBar } from './FollowBar';
import { resetFollows } from './followsState';
import { ManageAlerts } from './ManageAlerts';

/** Forgets the shared alert state and follows between tests. */
function resetStores() {
  resetAlertState();
  resetFollows();
}

afterEach(resetStores);

describe('deal follows on the server', () => {
  it('render nothing, even with alerts known to be on', () => {
    publishAlertSubscription(fakeSubscription());
    expect(renderToString(<FollowBar searchTerm="lego" stores={[{ id: 1, name: 'Acme' }]} />)).toBe('');
    expect(renderToString(<ManageAlerts />)).toBe('');
  });
});
