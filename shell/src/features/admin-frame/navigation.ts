// The side navigation of the admin frame (spec 000 §2 "Admin shell").
export interface NavEntry {
  key: string;
  label: string;
  to?: string;
  adminOnly: boolean;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: 'dashboard', label: 'Dashboard', to: '/admin/management/dashboard', adminOnly: false },
  { key: 'featured', label: 'Featured Sections', to: '/admin/management/featured-sections', adminOnly: false },
  { key: 'deals', label: 'Deals and Promo Codes', to: '/admin/management/product-deals', adminOnly: false },
  // Staff see their own deals' queue, admins everyone's.
  { key: 'needs-attention', label: 'Needs attention', to: '/admin/management/needs-attention', adminOnly: false },
  { key: 'stores', label: 'Stores', to: '/admin/management/stores', adminOnly: true },
  { key: 'product-categories', label: 'Product Categories', to: '/admin/management/product-categories', adminOnly: true },
  // Imports the networks' commission reports, which carry every store's figures: admins only.
  { key: 'commissions', label: 'Commissions', to: '/admin/management/commissions', adminOnly: true },
  // A feed's settings hold the networks' API keys: admins only. Every staff member reviews the offers.
  { key: 'feeds', label: 'Feeds', to: '/admin/management/feeds', adminOnly: true },
  { key: 'feed-review', label: 'Review queue', to: '/admin/management/feed-review', adminOnly: false },
  { key: 'users', label: 'Users', to: '/admin/management/users', adminOnly: false },
  { key: 'push', label: 'Push Notifications', to: '/admin/push-notification/history', adminOnly: true },
  // Every mail the site sent (alerts, digests, resets) with its delivery: admins, like the push console.
  { key: 'email-sends', label: 'Email Sends', to: '/admin/push-notification/email-sends', adminOnly: true },
  { key: 'audit-log', label: 'Audit Log', to: '/admin/management/audit-log', adminOnly: true },
  { key: 'website', label: 'Website Management', adminOnly: true },
];

export const WEBSITE_MANAGEMENT_LINKS = [
  { label: 'Menu Items', to: '/cms/management/menu-items' },
  { label: 'Pages', to: '/cms/management/pages' },
  { label: 'Blogs', to: '/cms/management/blogs' },
  { label: 'Content Sections', to: '/cms/management/content-sections' },
  { label: 'Assets and Resources', to: '/cms/management/assets-and-resources' },
  { label: 'Footer Items', to: '/cms/management/footer-items' },
] as const;

export function visibleEntries(isAdmin: boolean): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => isAdmin || !entry.adminOnly);
}

/** The entry to highlight for a path: the longest `to` that prefixes it. */
export function selectedEntry(pathname: string): string | undefined {
  if (pathname.startsWith('/cms/')) return 'website';
  if (pathname.startsWith('/admin/management/product-deal')) return 'deals';
  if (pathname.startsWith('/admin/management/featured-section')) return 'featured';
  return NAV_ENTRIES.find((entry) => entry.to && pathname.startsWith(entry.to))?.key;
}
