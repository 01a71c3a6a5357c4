import { isAdminPath, remoteFor } from './routeTable';

describe('route ownership (DESIGN.md)', () => {
  it.each([
    ['/admin/management/product-deals', 'catalog'],
    ['/admin/management/product-deal/create', 'catalog'],
    ['/admin/management/product-deal/edit/12', 'catalog'],
    ['/admin/management/needs-attention', 'catalog'],
    ['/admin/management/stores', 'catalog'],
    ['/admin/management/product-categories', 'catalog'],
    ['/admin/management/featured-sections', 'catalog'],
    ['/admin/management/featured-section/edit/3', 'catalog'],
    ['/admin/management/commissions', 'catalog'],
    ['/admin/management/feeds', 'catalog'],
    ['/admin/management/feed-review', 'catalog'],
    ['/cms/management/menu-items', 'cms'],
    ['/cms/management/content-section/pageId/4', 'cms'],
    ['/admin/push-notification/history', 'notifications'],
    ['/admin/push-notification/email-sends', 'notifications'],
    ['/home', 'public'],
    ['/deals/featured/2', 'public'],
    ['/deal/details/9', 'public'],
    ['/stores', 'public'],
    ['/summer-sale', 'public'],
    ['/administrators-guide', 'public'],
  ])('%s belongs to %s', (path, owner) => {
    expect(remoteFor(path)).toBe(owner);
  });

  it('matches whole segments, not string prefixes', () => {
    expect(remoteFor('/admin/management/storesX')).toBeNull();
    expect(remoteFor('/admin/management/needs-attention-archive')).toBeNull();
    expect(isAdminPath('/administrators-guide')).toBe(false);
    expect(isAdminPath('/cmsx')).toBe(false);
  });

  it("leaves the shell's own public pages to no remote", () => {
    expect(remoteFor('/login')).toBeNull();
    expect(remoteFor('/reset-password')).toBeNull();
    expect(isAdminPath('/reset-password')).toBe(false);
    expect(remoteFor('/reset-password-tips')).toBe('public');
  });

  it('leaves unowned admin paths to the admin frame', () => {
    expect(isAdminPath('/admin/nothing-here')).toBe(true);
    expect(remoteFor('/admin/nothing-here')).toBeNull();
  });
});
