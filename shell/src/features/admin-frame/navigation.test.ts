import { selectedEntry, visibleEntries } from './navigation';

describe('admin navigation', () => {
  it('shows admins every entry and hides admin-only ones from staff', () => {
    expect(visibleEntries(true).map((e) => e.label)).toEqual([
      'Dashboard',
      'Featured Sections',
      'Deals and Promo Codes',
      'Needs attention',
      'Stores',
      'Product Categories',
      'Commissions',
      'Feeds',
      'Review queue',
      'Users',
      'Push Notifications',
      'Email Sends',
      'Audit Log',
      'Website Management',
    ]);
    expect(visibleEntries(false).map((e) => e.label)).toEqual(['Dashboard', 'Featured Sections', 'Deals and Promo Codes', 'Needs attention', 'Review queue', 'Users']);
  });

  it('highlights the entry that owns the current path', () => {
    expect(selectedEntry('/admin/management/product-deal/edit/4')).toBe('deals');
    expect(selectedEntry('/admin/management/featured-section/create')).toBe('featured');
    expect(selectedEntry('/cms/management/pages')).toBe('website');
    expect(selectedEntry('/admin/management/users')).toBe('users');
    expect(selectedEntry('/admin/management/needs-attention')).toBe('needs-attention');
    expect(selectedEntry('/admin/management/audit-log')).toBe('audit-log');
    expect(selectedEntry('/admin/management/commissions')).toBe('commissions');
    expect(selectedEntry('/admin/management/feeds')).toBe('feeds');
    expect(selectedEntry('/admin/management/feed-review')).toBe('feed-review');
    expect(selectedEntry('/admin/push-notification/history')).toBe('push');
    expect(selectedEntry('/admin/push-notification/email-sends')).toBe('email-sends');
  });
});
