// Test support for the featured-section screens (imported by *.test.tsx only, never by app code).
import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { serveFakeApi, type FakeApiHandler } from '@deals/shared-auth/testing';
import { expectLocation, renderRoutes, signInAs as signInAsUser } from '@deals/shared-auth/ui-testing';
import type { FeaturedSection, FeaturedSectionDetail } from '@deals/contract';

export const SECTIONS: FeaturedSection[] = [
  { id: 1, name: 'Summer Picks', imageFilePath: 'sections/summer.png', isActive: true, sortOrder: 1, dateCreated: '2024-05-01T10:00:00Z', dateUpdated: '2024-06-02T12:30:00Z' },
  { id: 2, name: 'Winter Sale', imageFilePath: 'sections/winter.png', isActive: false, sortOrder: 2, dateCreated: '2024-01-10T08:00:00Z', dateUpdated: '2024-01-11T09:15:00Z' },
];

export const SUMMER: FeaturedSectionDetail = {
  ...(SECTIONS[0] as FeaturedSection),
  products: [
    {
      id: 11,
      name: 'Echo Dot 50% off',
      category: 'Amazon',
      productTypes: [
        { productTypeId: 1, name: 'Electronics' },
        { productTypeId: 2, name: 'Home' },
      ],
      promoCode: 'ECHO50',
      filePath: 'deals/echo.png',
      isActive: true,
    },
    { id: 12, name: 'Free Shipping Week', category: 'Target', productTypes: [], promoCode: null, filePath: null, isActive: true },
  ],
};

type Answer = { status: number; data?: unknown } | undefined;

/**
 * The featured-section API answered from the fixtures; `extra` answers first (to fail a call or
 * answer a mutation). Unknown calls are 404.
 */
export function serveSections(extra: (config: Parameters<FakeApiHandler>[0]) => Answer = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    const params = (config.params ?? {}) as Record<string, unknown>;
    if (config.url === 'FeaturedSection/GetAllFeaturedSections') return { status: 200, data: SECTIONS };
    if (config.url === 'FeaturedSection/GetFeaturedSection') {
      if (params.id === SUMMER.id) return { status: 200, data: params.withProducts === false ? { ...SUMMER, products: [] } : SUMMER };
      return { status: 404, data: { message: 'Featured Section not found' } };
    }
    if (config.url === 'FeaturedSection/GetFeaturedSectionProducts' && params.featuredSectionId === SUMMER.id) {
      // The server pages (and filters by name): enough of it to see the screen send its query.
      const name = String(params.name ?? '').toLowerCase();
      const items = SUMMER.products.filter((deal) => deal.name.toLowerCase().includes(name));
      return { status: 200, data: { items, total: items.length, page: params.page, pageSize: params.pageSize } };
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}

export const signInAs = (admin: boolean) => signInAsUser(admin ? 1 : 2, { admin });

/**
 * The list and form screens (passed in by the test, as this folder never imports a feature) at
 * their App.tsx routes, plus the deal screen a deal's View opens, at `path`.
 */
export function renderSectionsAt(screens: { list: ReactElement; form: ReactElement }, path: string) {
  return renderRoutes(
    <>
      <Route path="/admin/management/featured-sections" element={screens.list} />
      <Route path="/admin/management/featured-section" element={screens.form} />
      <Route path="/admin/management/featured-section/edit/:featuredSectionId" element={screens.form} />
      <Route path="/admin/management/product-deal/edit/:productId" element={<p>Deal screen</p>} />
    </>,
    path,
  );
}

export { expectLocation };

/** The toast with this text, in this state (success, warning or error). */
export async function expectToast(text: string, state: 'success' | 'warning' | 'error') {
  const toast = await screen.findByRole(state === 'success' ? 'status' : 'alert');
  await waitFor(() => expect(toast).toHaveTextContent(text));
  expect(toast.closest('.ant-alert') ?? toast).toHaveClass(`ant-alert-${state}`);
}

/** The table row holding this text. */
export const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td, td *' })).closest('tr') as HTMLElement;
