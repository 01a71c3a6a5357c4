import { serveFakeFetch } from '../testing/fakeFetch';
import { fetchBlogPosts, formatBlogDate, isAddedToday, resetBlogPosts } from './blogPosts';

describe('isAddedToday', () => {
  const now = new Date(2025, 2, 14, 15, 30);

  it('is true on the same local calendar day only', () => {
    expect(isAddedToday(new Date(2025, 2, 14, 0, 1).toISOString(), now)).toBe(true);
    expect(isAddedToday(new Date(2025, 2, 14, 23, 59).toISOString(), now)).toBe(true);
    expect(isAddedToday(new Date(2025, 2, 13, 23, 59).toISOString(), now)).toBe(false);
    expect(isAddedToday(new Date(2024, 2, 14, 12).toISOString(), now)).toBe(false);
    expect(isAddedToday(new Date(2025, 3, 14, 12).toISOString(), now)).toBe(false);
  });

  it('is false for an unreadable date', () => {
    expect(isAddedToday('', now)).toBe(false);
    expect(isAddedToday('soon', now)).toBe(false);
  });
});

describe('formatBlogDate', () => {
  it('formats MM/DD/YYYY in local time', () => {
    expect(formatBlogDate(new Date(2025, 0, 5, 9).toISOString())).toBe('01/05/2025');
    expect(formatBlogDate('nope')).toBe('');
  });
});

describe('fetchBlogPosts', () => {
  beforeEach(() => resetBlogPosts());

  it('asks Home/GetBlogPosts once per page load', async () => {
    const calls = serveFakeFetch(() => ({ status: 200, data: [{ id: 1, name: 'A' }] }));
    expect(await fetchBlogPosts()).toEqual([{ id: 1, name: 'A' }]);
    await fetchBlogPosts();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET Home/GetBlogPosts']);
  });

  it('answers an empty list when the call fails', async () => {
    serveFakeFetch(() => ({ status: 500, data: { message: 'down' } }));
    expect(await fetchBlogPosts()).toEqual([]);
  });
});
