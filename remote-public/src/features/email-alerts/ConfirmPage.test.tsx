// The confirmation link's page: one POST of the token in the browser, the answer, or why not.
import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetSiteInfo } from '../../lib/siteInfo';
import { answer, withSiteInfo } from '../../testing/emailAlertsFixtures';
import { serveFakeFetch, type FakeFetchHandler } from '../../testing/fakeFetch';
import ConfirmPage, { resetConfirmations } from './ConfirmPage';

const CONFIRMED = 'Your email alerts are on.';
const EXPIRED = 'This confirmation link has expired. Subscribe again to get a new one.';

const renderAt = (path: string) =>
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/email-alerts/confirm" element={<ConfirmPage />} />
          <Route path="/email-alerts/manage" element={<p>Manage page</p>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
const serve = (api: FakeFetchHandler) => {
  const calls = serveFakeFetch(withSiteInfo(api));
  return () => calls.filter((call) => call.path.startsWith('EmailAlerts/'));
};

beforeEach(() => {
  resetSiteInfo();
  resetConfirmations();
});

describe('ConfirmPage', () => {
  it('confirms once, shows the message and the subscription, and links to the manage page with the manage token it answers', async () => {
    const calls = serve(() => ({ status: 200, data: { ...answer(CONFIRMED, { frequency: 'DAILY' }), manageToken: 'm7.0.sig+1' } }));
    const user = userEvent.setup();
    renderAt('/email-alerts/confirm?token=abc.def%2B1');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirming your email alerts…' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMED })).toBeInTheDocument();
    // Once, even with React's development double mount.
    expect(calls()).toEqual([{ method: 'POST', path: 'EmailAlerts/Confirm', query: {}, body: { token: 'abc.def+1' } }]);
    expect(screen.getByText('j***@example.com')).toBeInTheDocument();
    const follows = screen.getByRole('list', { name: 'Followed words and stores' });
    expect(within(follows).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['lego', 'airpods pro', 'Best Buy store']);
    expect(screen.getByText('Daily digest')).toBeInTheDocument();
    const manage = screen.getByRole('link', { name: 'Manage your alerts' });
    expect(manage).toHaveAttribute('href', '/email-alerts/manage?token=m7.0.sig%2B1');
    await user.click(manage);
    expect(await screen.findByText('Manage page')).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it('is never indexed and keeps the token out of its share URL', async () => {
    serve(() => ({ status: 200, data: answer(CONFIRMED) }));
    renderAt('/email-alerts/confirm?token=abc');
    await screen.findByRole('heading', { level: 1, name: CONFIRMED });
    await waitFor(() => expect(document.title).toBe('Confirm your email alerts | Bargain Bay'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toMatch(/\/email-alerts\/confirm$/);
  });

  it('shows why a dead link failed and offers the form to subscribe again (400)', async () => {
    const calls = serve((call) => (call.path === 'EmailAlerts/Confirm' ? { status: 400, data: { message: EXPIRED } } : { status: 200, data: { message: 'Almost done' } }));
    const user = userEvent.setup();
    renderAt('/email-alerts/confirm?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(EXPIRED);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not confirm your alerts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Subscribe again' }));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it('lets a failure that is not the link be tried again', async () => {
    let fail = true;
    const calls = serve(() => (fail ? { status: 503, data: { message: 'The service is unavailable' } } : { status: 200, data: answer(CONFIRMED) }));
    const user = userEvent.setup();
    renderAt('/email-alerts/confirm?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMED })).toBeInTheDocument();
    expect(calls()).toHaveLength(2);
  });

  it('says a link without its token is incomplete, and calls nothing', async () => {
    const calls = serve(() => ({ status: 200, data: answer(CONFIRMED) }));
    renderAt('/email-alerts/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent('The link is incomplete. Open it again from the email.');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls()).toHaveLength(0);
  });
});
