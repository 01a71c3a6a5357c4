import { EMPTY_FILTER, filterToParams, type DealListFilter } from '../features/deals/dealFilter';

// Every link into the deals list and the deal pages, built in one place so the header, footer,
// home, stores and categories all agree with the list's URL form (features/deals/dealFilter.ts).

const listPath = (filter: Partial<DealListFilter>) => {
  const query = filterToParams({ ...EMPTY_FILTER, ...filter }).toString();
  return query ? `/deals?${query}` : '/deals';
};

/** A readable url segment for a name: `Summer Sale!` → `summer-sale`. */
export function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

export const dealPath = (id: number) => `/deal/details/${id}`;
export const storeDealsPath = (storeId: number) => listPath({ stores: [storeId] });
export const categoryDealsPath = (productTypeId: number) => listPath({ productTypes: [productTypeId] });
export const searchDealsPath = (term: string) => listPath({ searchTerm: term });
/** `/deals/:featured/:featuredId`: the section's name is only for people reading the link. */
export const featuredDealsPath = (section: { id: number; name: string }) => `/deals/${slug(section.name)}/${section.id}`;
