// The checker must catch what it claims to, or the builders' tests prove nothing.
import { schemaProblems } from './schemaOrg';

const context = 'https://schema.org';
const offer = { '@type': 'Offer', price: '9.99', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: 'https://a.example/deal/details/1' };
const logo = { '@type': 'ImageObject', url: 'https://a.example/logo.png' };

describe('schemaProblems', () => {
  it('passes well-formed objects', () => {
    expect(schemaProblems({ '@context': context, '@type': 'Product', name: 'P', offers: offer })).toEqual([]);
    expect(schemaProblems({ '@context': context, '@type': 'Organization', name: 'O', url: 'https://a.example/', logo })).toEqual([]);
  });

  it('flags a Product without a name or an offer, and a bad Offer', () => {
    expect(schemaProblems({ '@context': context, '@type': 'Product' })).toEqual(['Product: name missing', 'Product: needs offers, review or aggregateRating']);
    const bad = { ...offer, price: 9.99, priceCurrency: 'usd', availability: 'InStock', url: '/deal/details/1', priceValidUntil: '2030-06-01T00:00:00Z' };
    expect(schemaProblems({ '@context': context, '@type': 'Product', name: 'P', offers: bad })).toEqual([
      'Product.offers[0]: price 9.99 is not a numeric string',
      'Product.offers[0]: priceCurrency is not a 3-letter code',
      'Product.offers[0]: availability is not a schema.org URL',
      'Product.offers[0]: url is not absolute',
      'Product.offers[0]: priceValidUntil is not YYYY-MM-DD',
    ]);
  });

  it('flags a BlogPosting with a long headline, a bad date, no author, a publisher without logo and no image', () => {
    const problems = schemaProblems({ '@context': context, '@type': 'BlogPosting', headline: 'h'.repeat(111), datePublished: 'yesterday', publisher: { '@type': 'Organization', name: 'O' } });
    expect(problems).toEqual([
      'BlogPosting: headline is 111 characters (at most 110)',
      'BlogPosting: datePublished is not ISO 8601',
      'BlogPosting: author missing',
      'BlogPosting.publisher: logo missing',
      'BlogPosting: no image',
    ]);
  });

  it('flags breadcrumbs out of order, unnamed or relative', () => {
    const problems = schemaProblems({
      '@context': context,
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: '/home' },
        { '@type': 'ListItem', position: 3, name: '', item: 'https://a.example/x' },
      ],
    });
    expect(problems).toEqual(['BreadcrumbList[0]: item is not an absolute URL', 'BreadcrumbList[1]: position 3, expected 2', 'BreadcrumbList[1]: name missing', 'BreadcrumbList.itemListElement[1].name: empty value']);
  });

  it('flags a search action without its placeholder, a missing context, unknown types and empty values', () => {
    expect(
      schemaProblems({ '@context': context, '@type': 'WebSite', name: 'W', url: 'https://a.example/', potentialAction: { '@type': 'SearchAction', target: 'https://a.example/deals?q=', 'query-input': 'required' } }),
    ).toEqual(['WebSite: SearchAction target lacks {search_term_string}', 'WebSite: SearchAction query-input does not name search_term_string']);
    expect(schemaProblems({ '@type': 'Thing', name: null })).toEqual(['@context is undefined', 'no checks for @type "Thing"', 'Thing.name: empty value']);
  });
});
