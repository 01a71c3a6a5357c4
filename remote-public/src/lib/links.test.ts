import { categoryLandingPath, storeLandingPath } from '@deals/contract/visitor-urls';
import { categoryDealsPath, dealPath, featuredDealsPath, searchDealsPath, slug, storeDealsPath } from './links';

describe('links into the deals list', () => {
  it('builds the list URLs the deals page reads back', () => {
    expect(storeDealsPath(4)).toBe('/deals?stores=4');
    expect(categoryDealsPath(7)).toBe('/deals?categories=7');
    expect(searchDealsPath('  air fryer ')).toBe('/deals?q=air+fryer');
    expect(searchDealsPath('   ')).toBe('/deals');
    expect(dealPath(12)).toBe('/deal/details/12');
  });

  it('links to exactly the landing URLs the sitemap lists', () => {
    expect(storeDealsPath(4)).toBe(storeLandingPath(4));
    expect(categoryDealsPath(7)).toBe(categoryLandingPath(7));
  });

  it('names featured sections readably in their path', () => {
    expect(featuredDealsPath({ id: 3, name: 'Summer Sale! Über-Deals' })).toBe('/deals/summer-sale-uber-deals/3');
    expect(slug('!!!')).toBe('section');
  });
});
