// The email-alert pages as the server renders them: the waiting state, the page's head, and not
// one EmailAlerts call (a mail scanner fetching the link must confirm and change nothing); then the
// browser hydrates that markup and makes the call. The shared jest setup needs jsdom, so the
// server renderer runs here.
import { StrictMode, type ReactNode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { StaticRouter } from 'react-router';
import { resetSiteInfo } from '../../lib/siteInfo';
import { callKey, type ApiAnswer, type ApiCall } from '../../lib/ssr/apiCall';
import { RenderContext, RenderRecorder } from '../../lib/ssr/renderContext';
import { answer, SITE_INFO, withSiteInfo } from '../../testing/emailAlertsFixtures';
import { serveFakeFetch } from '../../testing/fakeFetch';
import ConfirmPage, { resetConfirmations } from './ConfirmPage';
import ManagePage from './ManagePage';

/** A render whose API answers at once (already settled, so React reads it without suspending). */
class InstantRecorder extends RenderRecorder {
  readonly calls: ApiCall[] = [];
  override read(call: ApiCall): Promise<ApiAnswer> {
    this.calls.push(call);
    const settled: ApiAnswer = call.path === 'Home/GetCMSInfo' ? { status: 200, body: SITE_INFO } : { status: 500, body: { message: 'not for the server' } };
    this.answers.set(callKey(call), settled);
    return Object.assign(Promise.resolve(settled), { status: 'fulfilled', value: settled });
  }
}

const routes = (
  <Routes>
    <Route path="/email-alerts/confirm" element={<ConfirmPage />} />
    <Route path="/email-alerts/manage" element={<ManagePage />} />
  </Routes>
);

function serverRender(url: string) {
  const recorder = new InstantRecorder({ url, config: { apiBase: '/api', emailSignupActionUrl: null, publicUrl: 'https://deals.example' }, api: () => Promise.reject(new Error('unused')) });
  const html = renderToString(
    <RenderContext value={recorder}>
      <StaticRouter location={url}>{routes}</StaticRouter>
    </RenderContext>,
  );
  return { html, recorder };
}

let root: Root | null = null;
/** Hydrates the server's markup; `strict` adds React's development double mount. */
async function hydrate(html: string, url: string, strict: boolean) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const tree: ReactNode = <MemoryRouter initialEntries={[url]}>{routes}</MemoryRouter>;
  await act(async () => {
    root = hydrateRoot(container, strict ? <StrictMode>{tree}</StrictMode> : tree);
  });
  return container;
}

beforeEach(() => {
  resetSiteInfo();
  resetConfirmations();
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

describe('the email-alert pages on the server', () => {
  it('confirm: renders the waiting state, not indexed, without calling EmailAlerts; the browser confirms once', async () => {
    const calls = serveFakeFetch(withSiteInfo(() => ({ status: 200, data: answer('Your email alerts are on.') })));
    const url = '/email-alerts/confirm?token=abc.def';
    const { html, recorder } = serverRender(url);
    expect(html).toContain('Confirming your email alerts…');
    expect(recorder.calls.map((call) => call.path)).toEqual(['Home/GetCMSInfo']);
    expect(recorder.status).toBe(200);
    expect(recorder.head).toMatchObject({ title: 'Confirm your email alerts | Bargain Bay', robots: 'noindex', canonical: null });
    expect(recorder.head?.openGraph.url).toBe('https://deals.example/email-alerts/confirm');
    expect(calls).toHaveLength(0);

    const errors = jest.spyOn(console, 'error');
    // Strict: the double mount must not confirm twice.
    const container = await hydrate(html, url, true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(container).toHaveTextContent('Your email alerts are on.');
    expect(calls.filter((call) => call.path === 'EmailAlerts/Confirm')).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('manage: renders the waiting state without calling EmailAlerts, and the unsubscribe question inert until hydrated', async () => {
    const calls = serveFakeFetch(withSiteInfo(() => ({ status: 200, data: answer('') })));
    const plain = serverRender('/email-alerts/manage?token=tok');
    expect(plain.html).toContain('Loading your alerts…');
    expect(plain.recorder.head).toMatchObject({ title: 'Manage your email alerts | Bargain Bay', robots: 'noindex', canonical: null });
    expect(plain.recorder.head?.openGraph.url).toBe('https://deals.example/email-alerts/manage');

    const url = '/email-alerts/manage?token=tok&unsubscribe=1';
    const { html, recorder } = serverRender(url);
    expect(html).toContain('Unsubscribe from all alerts?');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Unsubscribe from all alerts<\/button>/);
    expect([...plain.recorder.calls, ...recorder.calls].every((call) => call.path === 'Home/GetCMSInfo')).toBe(true);
    expect(calls).toHaveLength(0);

    const errors = jest.spyOn(console, 'error');
    const container = await hydrate(html, url, false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(container.querySelector('button.ea-button-danger')).toBeEnabled();
    expect(container).toHaveTextContent('j***@example.com');
    expect(calls.filter((call) => call.path.startsWith('EmailAlerts/')).map((call) => call.path)).toEqual(['EmailAlerts/GetSubscription']);
    expect(errors).not.toHaveBeenCalled();
  });
});
