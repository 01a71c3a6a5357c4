import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, hideToast } from '@deals/shared-auth';
import type { ProductSearchItem } from '@deals/contract';
import { expectToast, renderSectionsAt, serveSections, signInAs } from '../../testing/featuredSections';
import { SEARCH_DEBOUNCE_MS } from './AddDealsModal';
import FeaturedSectionsPage from './FeaturedSectionsPage';
import FeaturedSectionFormPage from './FeaturedSectionFormPage';

/** The list and form screens at their App.tsx routes, at `path`. */
const renderAt = (path: string) => renderSectionsAt({ list: <FeaturedSectionsPage />, form: <FeaturedSectionFormPage /> }, path);

const EDIT = '/admin/management/featured-section/edit/1';
const SEARCH = 'Product/GetAllProductsBySearchTerm';
const ASSOCIATE = 'FeaturedSection/associateProductsToFeaturedSection';

/** The deal picker's answers by term; Echo Dot (11) is already in the section. */
const FOUND: Record<string, ProductSearchItem[]> = {
  ech: [
    { id: 11, name: 'Echo Dot 50% off', imageUrl: 'deals/echo.png', category: 'Amazon', promoCode: 'ECHO50' },
    { id: 21, name: 'Echo Show 8', imageUrl: 'deals/show.png', category: 'Best Buy', promoCode: null },
    { id: 22, name: 'Echo Buds', imageUrl: null, category: 'Target', promoCode: null },
  ],
  sho: [
    { id: 31, name: 'Shoes BOGO', imageUrl: 'deals/shoes.png', category: 'Nike', promoCode: 'BOGO' },
    { id: 21, name: 'Echo Show 8', imageUrl: 'deals/show.png', category: 'Best Buy', promoCode: null },
  ],
};

type Associate = { status: number; data: unknown };

function serve(associate: Associate = { status: 200, data: { message: '2 deals added to the featured section', addedProductIds: [21, 31] } }) {
  return serveSections((config) => {
    if (config.url === SEARCH) {
      // The server leaves out the section's own deals (Echo Dot is in section 1).
      const params = config.params as { searchTerm: string; excludeFeaturedSectionId: number; page: number };
      const items = (FOUND[params.searchTerm] ?? []).filter((deal) => !(params.excludeFeaturedSectionId === 1 && deal.id === 11));
      return { status: 200, data: { items, total: items.length, page: params.page, pageSize: 50 } };
    }
    if (config.url === ASSOCIATE) return associate;
    return undefined;
  });
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

async function openModal() {
  await userEvent.click(await screen.findByRole('button', { name: /Add Deals/ }));
  return screen.findByRole('dialog', { name: 'Add Deals' });
}

const searchBox = (dialog: HTMLElement) => within(dialog).getByLabelText('Search deals');

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  signInAs(false);
});

describe('Add Deals', () => {
  it('searches only from 3 characters, once typing pauses, and hides deals already in the section', async () => {
    const calls = serve();
    renderAt(EDIT);
    const dialog = await openModal();
    expect(within(dialog).getByText('Type at least 3 characters to search deals')).toBeInTheDocument();
    await userEvent.type(searchBox(dialog), 'ec');
    await pause(SEARCH_DEBOUNCE_MS + 200);
    expect(calls.filter((call) => call.url === SEARCH)).toEqual([]);
    expect(within(dialog).getByText('Type at least 3 characters to search deals')).toBeInTheDocument();

    await userEvent.type(searchBox(dialog), 'h');
    const found = await within(dialog).findByRole('list', { name: 'Deals found' });
    expect(calls.filter((call) => call.url === SEARCH)).toEqual([expect.objectContaining({ method: 'GET', params: { searchTerm: 'ech', excludeFeaturedSectionId: 1, page: 1, pageSize: 50 } })]);
    expect(within(found).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(found).getByRole('checkbox', { name: /Echo Show 8/ })).not.toBeChecked();
    expect(within(found).getByRole('checkbox', { name: /Echo Buds/ })).toBeInTheDocument();
    expect(within(found).queryByText('Echo Dot 50% off')).not.toBeInTheDocument();
    expect(found.querySelector('img')).toHaveAttribute('src', expect.stringContaining('deals/show.png'));
  });

  it('says No deals found when nothing new matches', async () => {
    serve();
    renderAt(EDIT);
    const dialog = await openModal();
    await userEvent.type(searchBox(dialog), 'zzz');
    expect(await within(dialog).findByText('No deals found')).toBeInTheDocument();
  });

  it('warns and sends nothing when no deal is selected', async () => {
    const calls = serve();
    renderAt(EDIT);
    const dialog = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Deals' }));
    await expectToast('Please select at least one product', 'warning');
    expect(calls.filter((call) => call.url === ASSOCIATE)).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Add Deals' })).toBeInTheDocument();
  });

  it('keeps the selection across searches, posts the selected ids, then closes and reloads the section', async () => {
    const calls = serve();
    renderAt(EDIT);
    const dialog = await openModal();
    await userEvent.type(searchBox(dialog), 'ech');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Echo Show 8/ }));
    expect(within(dialog).getByText('1 selected')).toBeInTheDocument();

    await userEvent.clear(searchBox(dialog));
    await userEvent.type(searchBox(dialog), 'sho');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Shoes BOGO/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Echo Show 8/ })).toBeChecked();
    expect(within(dialog).getByText('2 selected')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Selected deals' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Echo Show 8', 'Shoes BOGO']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Deals' }));
    await expectToast('2 deals added to the featured section', 'success');
    expect(calls.find((call) => call.url === ASSOCIATE)).toMatchObject({ method: 'POST', body: { featuredSectionId: 1, productIds: [21, 31] } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Deals' })).not.toBeInTheDocument());
    await waitFor(() => expect(calls.filter((call) => call.url === 'FeaturedSection/GetFeaturedSectionProducts')).toHaveLength(2));
  });

  it('shows a failed add as a warning and keeps the modal open', async () => {
    serve({ status: 400, data: { message: 'Some selected deals no longer exist (id 22)' } });
    renderAt(EDIT);
    const dialog = await openModal();
    await userEvent.type(searchBox(dialog), 'ech');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Echo Buds/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Deals' }));
    await expectToast('Some selected deals no longer exist (id 22)', 'warning');
    expect(screen.getByRole('dialog', { name: 'Add Deals' })).toBeInTheDocument();
  });
});

describe('Add Deals over a large catalogue', () => {
  it('says how many deals match and loads the next page on Show more', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ id: 100 + i, name: `Lamp ${i}`, imageUrl: null, category: 'IKEA', promoCode: null }));
    const calls = serveSections((config) => {
      if (config.url !== SEARCH) return undefined;
      const { page } = config.params as { page: number };
      return { status: 200, data: { items: many.slice((page - 1) * 50, page * 50), total: many.length, page, pageSize: 50 } };
    });
    renderAt(EDIT);
    const dialog = await openModal();
    await userEvent.type(searchBox(dialog), 'lamp');
    expect(await within(dialog).findByText('Showing 50 of 120 matching deals')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show more' }));
    expect(await within(dialog).findByText('Showing 100 of 120 matching deals')).toBeInTheDocument();
    expect(within(within(dialog).getByRole('list', { name: 'Deals found' })).getAllByRole('checkbox')).toHaveLength(100);
    expect(calls.filter((call) => call.url === SEARCH).map((call) => (call.params as { page: number }).page)).toEqual([1, 2]);
  });
});
