import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import CategoriesPage from './CategoriesPage';
import StoresPage from './StoresPage';

const info = {
  companyName: 'Bargain Bay',
  stores: [
    { id: 2, name: 'Amazon', imageFilePath: 'amazon.png' },
    { id: 5, name: 'Best Buy', imageFilePath: null },
    { id: 9, name: 'Walmart', imageFilePath: null },
  ],
  categories: [
    { id: 7, name: 'Kitchen', imageFilePath: null },
    { id: 8, name: 'Home Office', imageFilePath: null },
  ],
  featuredSections: [],
};

beforeEach(() => {
  resetSiteInfo();
  document.title = '';
});

describe('StoresPage and CategoriesPage', () => {
  it('lists the stores, searches them by name and opens their deals', async () => {
    serveFakeFetch(() => ({ status: 200, data: info }));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <StoresPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Amazon' })).toHaveAttribute('href', '/deals?stores=2');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Amazon', 'Best Buy', 'Walmart']);
    await waitFor(() => expect(document.title).toBe('Stores | Bargain Bay'));

    const search = screen.getByRole('searchbox', { name: 'Search stores' });
    await user.type(search, ' BUY');
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Best Buy', '/deals?stores=5']]);
    await user.clear(search);
    await user.type(search, 'target');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('No stores found')).toBeInTheDocument();
  });

  it('lists the categories and opens their deals by product type', async () => {
    serveFakeFetch(() => ({ status: 200, data: info }));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <CategoriesPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    expect(screen.queryByText('No categories found')).not.toBeInTheDocument(); // placeholders while loading
    expect(await screen.findByRole('link', { name: 'Kitchen' })).toHaveAttribute('href', '/deals?categories=7');
    await user.type(screen.getByRole('searchbox', { name: 'Search categories' }), 'office');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/deals?categories=8']);
    await waitFor(() => expect(document.title).toBe('Categories | Bargain Bay'));
  });

  it('shows the empty state when the site info cannot load', async () => {
    serveFakeFetch(() => ({ status: 500 }));
    render(
      <MemoryRouter>
        <CategoriesPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No categories found')).toBeInTheDocument();
  });
});
