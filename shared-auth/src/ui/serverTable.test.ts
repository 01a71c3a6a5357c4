import { linkedFromUrl, serverQuery, stateFromUrl, stateToUrl, type ServerTableSpec } from './serverTable';

const SPEC: ServerTableSpec = {
  fields: { name: {}, categoryId: { kind: 'ids', param: 'storeIds' }, postedOn: { kind: 'days', prefix: 'added' }, isActive: {} },
  sortKeys: { category: 'store' },
};

describe('server-side table state', () => {
  it('turns the form and sort into the API query: trimmed text, repeated ids, a day range as instants', () => {
    const query = serverQuery(SPEC, { name: '  mouse ', categoryId: [2, '5'], postedOn: ['2026-03-01', '2026-03-31'], isActive: 'false', current: 3, other: 'x' }, { category: 'ascend' });
    expect(query).toEqual({
      name: 'mouse',
      storeIds: [2, 5],
      addedFrom: new Date('2026-03-01T00:00:00').toISOString(),
      addedTo: new Date('2026-03-31T23:59:59.999').toISOString(),
      isActive: 'false',
      sortBy: 'store',
      order: 'asc',
    });
    expect(serverQuery(SPEC, { name: ' ', categoryId: [], postedOn: [undefined, '2026-03-31'] }, { name: null })).toEqual({ addedTo: new Date('2026-03-31T23:59:59.999').toISOString() });
  });

  it('writes the state to the address and reads it back the same', () => {
    const url = stateToUrl(SPEC, { name: 'a&b', categoryId: [2, 5], postedOn: ['2026-03-01', '2026-03-31'] }, { name: 'descend' }, 3, 25);
    expect(url.toString()).toBe('name=a%26b&categoryId=2%2C5&postedOn=2026-03-01%2C2026-03-31&sort=name.desc&page=3&pageSize=25');
    expect(stateFromUrl(SPEC, url, ['name'])).toEqual({ values: { name: 'a&b', categoryId: [2, 5], postedOn: ['2026-03-01', '2026-03-31'] }, sort: { name: 'descend' }, page: 3, pageSize: 25 });
    expect(stateToUrl(SPEC, {}, {}, 1, 100).toString()).toBe('');
  });

  it('falls back on the defaults for anything malformed in the address', () => {
    const url = new URLSearchParams('categoryId=x,-1&postedOn=yesterday&sort=password.asc&page=-2&pageSize=1000');
    expect(stateFromUrl(SPEC, url, ['name'])).toEqual({ values: {}, sort: {}, page: 1, pageSize: 100 });
  });

  it('reads only the linked filters the table declares, from the address, never blank or over-long', () => {
    const spec: ServerTableSpec = { ...SPEC, linked: ['expiresFrom', 'expiresTo', 'addedById'] };
    const url = new URLSearchParams(`expiresFrom=2026-06-01T10:00:00.000Z&expiresTo=2026-06-03T10:00:00.000Z&addedById=%20&password=x&name=mouse`);
    expect(linkedFromUrl(spec, url)).toEqual({ expiresFrom: '2026-06-01T10:00:00.000Z', expiresTo: '2026-06-03T10:00:00.000Z' });
    expect(linkedFromUrl(spec, new URLSearchParams(`addedById=${'9'.repeat(101)}`))).toEqual({});
    expect(linkedFromUrl(SPEC, url)).toEqual({});
  });
});
