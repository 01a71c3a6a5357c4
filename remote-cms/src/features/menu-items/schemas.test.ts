import { ValidationError } from 'yup';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { ABOUT, COMPANY, CONTACT, DEALS, MENU } from '../../testing/menuItems';
import { canChooseParent, canHaveChildren, formValues, hasCustomLink, menuItemSchema, parentChoices, showsCustomLink, toFields, type MenuItemForm } from './schemas';

const valid: MenuItemForm = { name: 'Deals', pageId: null, customLink: '/deals', parentMenuItemId: null, openInNewTab: false, isActive: true };

/** The messages a form value gets, field → message. */
async function problems(values: Partial<MenuItemForm>): Promise<Record<string, string>> {
  try {
    await menuItemSchema.validate({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('menu item rules', () => {
  it('gives every message of spec 2 §5 and the link rule', async () => {
    expect(await problems({})).toEqual({});
    expect(await problems({ name: '' })).toEqual({ name: 'Menu Item Name is required' });
    expect(await problems({ name: '   ' })).toEqual({ name: 'Menu Item Name is required' });
    expect(await problems({ name: 'x'.repeat(100) })).toEqual({});
    expect(await problems({ name: 'x'.repeat(101) })).toEqual({ name: 'Menu Item Name must be at most 100 characters' });
    expect(await problems({ customLink: `/${'x'.repeat(249)}` })).toEqual({});
    expect(await problems({ customLink: `/${'x'.repeat(250)}` })).toEqual({ customLink: 'Custom Link must be at most 250 characters' });
    expect(await problems({ customLink: 'javascript:alert(1)' })).toEqual({ customLink: CMS_MESSAGES.linkInvalid });
    expect(await problems({ customLink: 'about-us' })).toEqual({ customLink: CMS_MESSAGES.linkInvalid });
    // No link at all is allowed (a heading with children), and a page makes the link irrelevant.
    expect(await problems({ customLink: '' })).toEqual({});
    expect(await problems({ pageId: 10, customLink: 'javascript:alert(1)' })).toEqual({});
  });

  it('disables the page selector only while a custom link is set', () => {
    expect(hasCustomLink('/deals')).toBe(true);
    expect(hasCustomLink('')).toBe(false);
    expect(hasCustomLink('   ')).toBe(false);
    expect(hasCustomLink(null)).toBe(false);
  });

  it('shows the custom link only while no page is chosen', () => {
    expect(showsCustomLink(null)).toBe(true);
    expect(showsCustomLink(undefined)).toBe(true);
    expect(showsCustomLink(10)).toBe(false);
  });

  it('lets an item choose a parent only while it has no assigned items, and have children only while it has no parent', () => {
    expect(canChooseParent(undefined)).toBe(true);
    expect(canChooseParent(COMPANY)).toBe(false);
    expect(canChooseParent(ABOUT)).toBe(true);
    expect(canHaveChildren(COMPANY)).toBe(true);
    expect(canHaveChildren(ABOUT)).toBe(false);
  });

  it('offers top-level items other than itself as parents', () => {
    expect(parentChoices(MENU, undefined).map((item) => item.id)).toEqual([COMPANY.id, DEALS.id, CONTACT.id]);
    expect(parentChoices(MENU, DEALS.id).map((item) => item.id)).toEqual([COMPANY.id, CONTACT.id]);
  });

  it('sends a page or a trimmed link, never both, and keeps an item with children top-level', () => {
    expect(toFields({ ...formValues(DEALS), name: ' Deals ', customLink: ' /deals ' })).toEqual({
      name: 'Deals',
      pageId: null,
      customLink: '/deals',
      openInNewTab: false,
      isActive: true,
      parentMenuItemId: null,
    });
    expect(toFields({ ...valid, pageId: 10, customLink: '/ignored' }).customLink).toBeNull();
    expect(toFields({ ...valid, customLink: '  ' }).customLink).toBeNull();
    expect(toFields({ ...formValues(COMPANY), parentMenuItemId: 2 }, COMPANY).parentMenuItemId).toBeNull();
    expect(toFields(formValues(ABOUT), ABOUT).parentMenuItemId).toBe(1);
  });

  it('starts a new item active, top-level, with neither page nor link', () => {
    expect(formValues()).toEqual({ name: '', pageId: null, customLink: '', parentMenuItemId: null, openInNewTab: false, isActive: true });
    expect(formValues(CONTACT)).toEqual({ name: 'Contact', pageId: null, customLink: 'mailto:hi@example.com', parentMenuItemId: null, openInNewTab: true, isActive: false });
  });
});
