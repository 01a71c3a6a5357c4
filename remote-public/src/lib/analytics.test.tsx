import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { injectAnalytics, resetAnalytics, useAnalytics, withoutToken } from './analytics';

const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src*="googletagmanager"]')];

function Probe({ id }: { id: string | null }) {
  useAnalytics(id);
  return null;
}

describe('web analytics', () => {
  beforeEach(() => {
    resetAnalytics();
    scripts().forEach((s) => s.remove());
    delete window.dataLayer;
    delete window.gtag;
  });

  it('injects nothing without an id, or with one that is not a measurement id', () => {
    render(
      <MemoryRouter>
        <Probe id={null} />
      </MemoryRouter>,
    );
    expect(injectAnalytics('"><script>alert(1)</script>')).toBe(false);
    expect(injectAnalytics('')).toBe(false);
    expect(scripts()).toHaveLength(0);
    expect(window.gtag).toBeUndefined();
  });

  it('injects gtag.js once for a valid id and reports the page view', () => {
    const { rerender } = render(
      <MemoryRouter initialEntries={['/deals?q=tv']}>
        <Probe id="G-ABC123XYZ" />
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter initialEntries={['/deals?q=tv']}>
        <Probe id="G-ABC123XYZ" />
      </MemoryRouter>,
    );
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ');
    const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(calls).toContainEqual(['config', 'G-ABC123XYZ', { send_page_view: false }]);
    expect(calls.filter((c) => c[0] === 'event' && c[1] === 'page_view')[0]?.[2]).toMatchObject({ page_path: '/deals?q=tv' });
  });

  it('keeps an email link\'s token out of what it reports', () => {
    window.history.replaceState(null, '', '/email-alerts/manage?token=secret.sig&unsubscribe=1');
    render(
      <MemoryRouter initialEntries={['/email-alerts/manage?token=secret.sig&unsubscribe=1']}>
        <Probe id="G-ABC123XYZ" />
      </MemoryRouter>,
    );
    const calls = (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    expect(JSON.stringify(calls)).not.toContain('secret');
    expect(calls.filter((c) => c[0] === 'event' && c[1] === 'page_view')[0]?.[2]).toMatchObject({
      page_path: '/email-alerts/manage?unsubscribe=1',
      page_location: 'http://localhost/email-alerts/manage?unsubscribe=1',
    });
    expect(calls).toContainEqual(['set', { page_location: 'http://localhost/email-alerts/manage?unsubscribe=1' }]);
    window.history.replaceState(null, '', '/');
  });
});

describe('withoutToken', () => {
  it('drops only the token', () => {
    expect(withoutToken('?token=a.b')).toBe('');
    expect(withoutToken('?token=a.b&unsubscribe=1')).toBe('?unsubscribe=1');
    expect(withoutToken('?q=tv')).toBe('?q=tv');
    expect(withoutToken('')).toBe('');
  });
});
