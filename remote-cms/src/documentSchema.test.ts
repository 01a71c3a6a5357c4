import { ValidationError } from 'yup';
import { PAGE_KIND } from './features/pages/pageKind';
import { BLOG_KIND } from './features/blogs/blogKind';
import { documentSchema, initialValues, toFields, type DocumentFormValues } from './components/document/schema';

const pageSchema = documentSchema(PAGE_KIND);
const blogSchema = documentSchema(BLOG_KIND);

const valid: DocumentFormValues = { ...initialValues(), name: 'About us', url: '/about-us' };

/** The message of one field for these values, or null when the field is valid. */
function problem(schema: typeof pageSchema, values: Partial<DocumentFormValues>, field: keyof DocumentFormValues): string | null {
  try {
    schema.validateSyncAt(field, { ...valid, ...values });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

describe('page and blog form rules (spec 2 §5)', () => {
  it('starts a new one active, banner visible, colour #000000', () => {
    expect(initialValues()).toEqual({ name: '', title: '', url: '', isActive: true, isBannerVisible: true, bannerColor: '#000000', keywords: '', description: '', bannerImage: null });
    expect(pageSchema.isValidSync(valid)).toBe(true);
  });

  it('requires the name with each kind’s own words, at most 250 characters', () => {
    expect(problem(pageSchema, { name: '' }, 'name')).toBe('Page Name is required');
    expect(problem(pageSchema, { name: '   ' }, 'name')).toBe('Page Name is required');
    expect(problem(blogSchema, { name: '' }, 'name')).toBe('Menu Item Name is required');
    expect(problem(pageSchema, { name: 'a'.repeat(250) }, 'name')).toBeNull();
    expect(problem(pageSchema, { name: 'a'.repeat(251) }, 'name')).toBe('Page Name must be at most 250 characters');
    expect(problem(blogSchema, { name: 'a'.repeat(251) }, 'name')).toBe('Blog Name must be at most 250 characters');
  });

  it('requires the url, which must begin with / and be a clean path that is not a fixed route', () => {
    expect(problem(pageSchema, { url: '' }, 'url')).toBe('Url is required');
    expect(problem(blogSchema, { url: '' }, 'url')).toBe('Url is required');
    expect(problem(pageSchema, { url: 'about-us' }, 'url')).toBe('Url must begin with /');
    expect(problem(blogSchema, { url: 'https://example.com/x' }, 'url')).toBe('Url must begin with /');
    expect(problem(pageSchema, { url: '/about us' }, 'url')).toBe('Please enter a url such as /about-us: letters, numbers, - _ . ~ between single slashes');
    expect(problem(pageSchema, { url: '/about//us' }, 'url')).toBe('Please enter a url such as /about-us: letters, numbers, - _ . ~ between single slashes');
    expect(problem(pageSchema, { url: '/' }, 'url')).toBe('This url belongs to a fixed page of the site. Please choose another');
    expect(problem(pageSchema, { url: '/deals' }, 'url')).toBe('This url belongs to a fixed page of the site. Please choose another');
    expect(problem(blogSchema, { url: '/Preview/x' }, 'url')).toBe('This url belongs to a fixed page of the site. Please choose another');
    expect(problem(pageSchema, { url: '/about-us/team_2.0' }, 'url')).toBeNull();
    expect(problem(pageSchema, { url: `/${'a'.repeat(249)}` }, 'url')).toBeNull();
    expect(problem(pageSchema, { url: `/${'a'.repeat(250)}` }, 'url')).toBe('Url must be at most 250 characters');
  });

  it('limits the title to 250, the keywords to 1500 and the colour to 10 characters of hex', () => {
    expect(problem(pageSchema, { title: 'a'.repeat(250) }, 'title')).toBeNull();
    expect(problem(pageSchema, { title: 'a'.repeat(251) }, 'title')).toBe('Title must be at most 250 characters');
    expect(problem(pageSchema, { keywords: 'a'.repeat(1500) }, 'keywords')).toBeNull();
    expect(problem(pageSchema, { keywords: 'a'.repeat(1501) }, 'keywords')).toBe('Keywords must be at most 1500 characters');
    expect(problem(blogSchema, { keywords: 'a'.repeat(1501) }, 'keywords')).toBe('Keywords must be at most 1500 characters');
    expect(problem(pageSchema, { bannerColor: '#12345678' }, 'bannerColor')).toBeNull();
    expect(problem(pageSchema, { bannerColor: '#1234567890' }, 'bannerColor')).toBe('Banner Color must be at most 10 characters');
    expect(problem(pageSchema, { bannerColor: 'red' }, 'bannerColor')).toBe('Please enter a valid hex colour such as #000000');
    expect(problem(pageSchema, { bannerColor: '' }, 'bannerColor')).toBeNull();
    expect(problem(pageSchema, { description: 'a'.repeat(5001) }, 'description')).toBe('Description must be at most 5000 characters');
  });

  it('sends trimmed values, leaves empty texts out and the title only for pages', () => {
    const values: DocumentFormValues = { ...valid, name: ' About ', title: '  ', url: ' /about ', bannerColor: '', keywords: ' a, b ', description: '' };
    expect(toFields(values, true)).toEqual({ name: 'About', title: null, url: '/about', isActive: true, isBannerVisible: true, bannerColor: null, keywords: 'a, b', description: null, bannerImage: null });
    expect(toFields(values, false)).not.toHaveProperty('title');
  });
});
