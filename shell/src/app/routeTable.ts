// Which package owns which path (DESIGN.md "Route ownership"). The shell's own screens are
// declared in App.tsx; everything else is resolved here by prefix.
export type RemoteName = 'public' | 'catalog' | 'cms' | 'notifications';
export type Frame = 'admin' | 'public';

interface Ownership {
  prefix: string;
  remote: RemoteName;
}

const ADMIN_REMOTE_PREFIXES: readonly Ownership[] = [
  { prefix: '/admin/management/product-deals', remote: 'catalog' },
  { prefix: '/admin/management/product-deal', remote: 'catalog' },
  { prefix: '/admin/management/needs-attention', remote: 'catalog' },
  { prefix: '/admin/management/stores', remote: 'catalog' },
  { prefix: '/admin/management/product-categories', remote: 'catalog' },
  { prefix: '/admin/management/featured-sections', remote: 'catalog' },
  { prefix: '/admin/management/featured-section', remote: 'catalog' },
  { prefix: '/admin/management/commissions', remote: 'catalog' },
  { prefix: '/admin/management/feeds', remote: 'catalog' },
  { prefix: '/admin/management/feed-review', remote: 'catalog' },
  { prefix: '/cms/management', remote: 'cms' },
  { prefix: '/admin/push-notification', remote: 'notifications' },
];

/** Pages the shell draws itself outside the admin frame, open without a session (App.tsx). */
const SHELL_PAGES: readonly string[] = ['/login', '/reset-password'];

/** Paths that need a signed-in staff member and render inside the admin frame. */
export function isAdminPath(pathname: string): boolean {
  return startsWithSegment(pathname, '/admin') || startsWithSegment(pathname, '/cms');
}

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The remote that renders a path, or null for the shell's own pages and for an admin path nobody
 * owns (the admin frame then shows its not-found page). The public remote owns every other path,
 * CMS page urls included.
 */
export function remoteFor(pathname: string): RemoteName | null {
  if (SHELL_PAGES.includes(pathname)) return null;
  const owned = ADMIN_REMOTE_PREFIXES.find(({ prefix }) => startsWithSegment(pathname, prefix));
  if (owned) return owned.remote;
  return isAdminPath(pathname) ? null : 'public';
}
