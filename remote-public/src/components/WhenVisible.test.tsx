import { act, render, screen } from '@testing-library/react';
import { DATA_ELEMENT_ID, resetPreloaded } from '../lib/ssr/preloaded';
import { WhenVisible } from './WhenVisible';

/** A page as the server sent it: its data block names the current URL. */
function serverRendered() {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = DATA_ELEMENT_ID;
  data.textContent = JSON.stringify({ url: window.location.pathname + window.location.search, answers: { 'GET Home/GetCMSInfo': { status: 200, body: {} } } });
  document.body.append(data);
  resetPreloaded();
}

describe('WhenVisible', () => {
  const observers: { callback: IntersectionObserverCallback }[] = [];
  afterEach(() => {
    document.getElementById(DATA_ELEMENT_ID)?.remove();
    resetPreloaded();
    observers.length = 0;
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  const observe = () => {
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback });
      }
      observe() {}
      disconnect() {}
    };
  };

  it('renders at once in a browser without IntersectionObserver', () => {
    render(<WhenVisible placeholder={<p>later</p>}>now</WhenVisible>);
    expect(screen.getByText('now')).toBeInTheDocument();
  });

  it('while hydrating, starts from what the server rendered: the content, or the placeholder when not prerendered', () => {
    observe();
    serverRendered();
    render(
      <>
        <WhenVisible placeholder={<p>row placeholder</p>}>
          <span>row content</span>
        </WhenVisible>
        <WhenVisible placeholder={<p>far placeholder</p>} prerender={false}>
          <span>far content</span>
        </WhenVisible>
      </>,
    );
    expect(screen.getByText('row content')).toBeInTheDocument();
    expect(screen.getByText('far placeholder')).toBeInTheDocument();
    expect(screen.queryByText('far content')).toBeNull();
    // Scrolled near, the far content is drawn as on a client-rendered page.
    act(() => observers.at(-1)!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('far content')).toBeInTheDocument();
  });

  it('on a client-rendered page, waits until the slot scrolls near', () => {
    observe();
    render(<WhenVisible placeholder={<p>later</p>}>now</WhenVisible>);
    expect(screen.getByText('later')).toBeInTheDocument();
    act(() => observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('now')).toBeInTheDocument();
  });
});
