import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SearchSuggestion } from '@deals/contract';
import { serveFakeFetch, type FakeFetchHandler } from '../../testing/fakeFetch';
import { HeaderSearch } from './HeaderSearch';

const AIR: SearchSuggestion[] = [
  { value: 31, label: 'Ninja Air Fryer', filePath: 'fryer.webp', store: 'Walmart', currentPrice: 89 },
  { value: 32, label: 'Air Purifier', filePath: null, store: 'Target', currentPrice: 149.5 },
];

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function setup(handler: FakeFetchHandler = ({ query }) => ({ status: 200, data: query.keyword?.startsWith('air') ? AIR : [] })) {
  const calls = serveFakeFetch(handler);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  render(
    <MemoryRouter initialEntries={['/home']}>
      <HeaderSearch />
      <Routes>
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
  const box = screen.getByRole('combobox', { name: 'Search deals' });
  const keywordCalls = () => calls.filter((call) => call.path === 'Home/SearchProductByKeyword');
  return { user, box, keywordCalls };
}

/** Past the debounce and the fake API's answer. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(600));
const location = () => screen.getByTestId('location');

const desktop = (matches: boolean) => {
  window.matchMedia = ((query: string) => ({ matches: matches && query.includes('min-width: 1024px'), media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
};

describe('HeaderSearch', () => {
  const original = window.matchMedia;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = original;
  });

  it('asks once, 500 ms after the last keystroke, and lists the suggestions with their image', async () => {
    const { user, box, keywordCalls } = setup();
    await user.type(box, 'air fr');
    expect(keywordCalls()).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(499));
    expect(keywordCalls()).toHaveLength(0);
    await settle();
    expect(keywordCalls()).toEqual([{ method: 'GET', path: 'Home/SearchProductByKeyword', query: { keyword: 'air fr' }, body: null }]);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Ninja Air FryerWalmart · $89.00', 'Air PurifierTarget · $149.50']);
    expect(options[0]?.querySelector('img')?.getAttribute('src')).toContain('/api/Attachments/fryer.webp?w=');
  });

  it('opens the deal of a clicked suggestion', async () => {
    const { user, box } = setup();
    await user.type(box, 'air');
    await settle();
    await user.click(screen.getByRole('option', { name: /^Air Purifier/ }));
    expect(location()).toHaveTextContent('/deal/details/32');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('moves through suggestions with the arrow keys and opens the active one with Enter', async () => {
    const { user, box } = setup();
    await user.type(box, 'air');
    await settle();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const first = screen.getByRole('option', { name: /^Ninja Air Fryer/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { name: /^Air Purifier/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(location()).toHaveTextContent('/deal/details/31');
  });

  it('Enter without a chosen suggestion opens the deals list with the text', async () => {
    const { user, box } = setup();
    await user.type(box, '  air fryer {Enter}');
    expect(location()).toHaveTextContent('/deals?q=air+fryer');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the spec texts: Start Typing (phone and desktop) and No Deals Available', async () => {
    const { user, box, keywordCalls } = setup();
    await user.click(box);
    expect(screen.getByRole('status')).toHaveTextContent('Start Typing to search deals');
    await user.type(box, 'z');
    expect(screen.getByRole('status')).toHaveTextContent('Start Typing to search deals');
    await user.type(box, 'zz');
    await settle();
    expect(keywordCalls()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('No Deals Available');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    desktop(true);
    await user.clear(box);
    expect(screen.getByRole('status')).toHaveTextContent('Start Typing or Press enter to search deals');
  });

  it('ignores errors: nothing shown but No Deals Available, and Enter still searches', async () => {
    const { user, box, keywordCalls } = setup(() => ({ status: 500, data: { message: 'boom' } }));
    await user.type(box, 'air');
    await settle();
    expect(keywordCalls()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('No Deals Available');
    expect(screen.queryByText(/boom|wrong/i)).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(location()).toHaveTextContent('/deals?q=air');
  });

  it('keeps the earlier suggestions while the next answer is on its way and drops a stale answer', async () => {
    let slow = true;
    const { user, box, keywordCalls } = setup(async ({ query }) => {
      if (query.keyword === 'air' && slow) {
        slow = false;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        return { status: 200, data: [{ value: 99, label: 'Stale', filePath: null, store: 'Walmart', currentPrice: 1 }] };
      }
      return { status: 200, data: query.keyword === 'air p' ? AIR.slice(1) : AIR };
    });
    await user.type(box, 'air');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await user.type(box, ' p');
    await settle();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Air PurifierTarget · $149.50']);
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Air PurifierTarget · $149.50']);
    expect(keywordCalls().map((call) => call.query.keyword)).toEqual(['air', 'air p']);
  });

  it('tells apart deals of the same name by their store and price', async () => {
    const twins: SearchSuggestion[] = [
      { value: 14, label: 'Kindle Paperwhite 16GB E-Reader', filePath: 'a.webp', store: 'Amazon', currentPrice: 124.99 },
      { value: 29, label: 'Kindle Paperwhite 16GB E-Reader', filePath: 'b.webp', store: 'Best Buy', currentPrice: 129 },
    ];
    const { user, box } = setup(() => ({ status: 200, data: twins }));
    await user.type(box, 'kindle');
    await settle();
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Kindle Paperwhite 16GB E-ReaderAmazon · $124.99', 'Kindle Paperwhite 16GB E-ReaderBest Buy · $129.00']);
    await user.click(screen.getByRole('option', { name: /Best Buy/ }));
    expect(location()).toHaveTextContent('/deal/details/29');
  });
});
