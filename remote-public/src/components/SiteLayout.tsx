import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { isSignedInAtom } from '@deals/shared-auth';
import { useSiteInfo } from '../features/site/api';

const FIXED_ENTRIES = [
  { to: '/home', label: 'Home' },
  { to: '/deals', label: 'Deals' },
  { to: '/stores', label: 'Stores' },
  { to: '/categories', label: 'Categories' },
];

export function SiteLayout({ children }: { children: ReactNode }) {
  const info = useSiteInfo();
  const signedIn = useAtomValue(isSignedInAtom);
  const company = info?.companyName ?? 'DealDrop';
  return (
    <div className="site">
      <header className="site-header">
        <div className="site-bar">
          <Link to="/home" className="site-logo">
            {company}
          </Link>
          <nav aria-label="Main" className="site-nav">
            {FIXED_ENTRIES.map((entry) => (
              <NavLink key={entry.to} to={entry.to}>
                {entry.label}
              </NavLink>
            ))}
            {signedIn ? <Link to="/admin/management/dashboard">Dashboard</Link> : <Link to="/login">Login</Link>}
          </nav>
        </div>
      </header>
      <main className="site-main">{children}</main>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {company}. All rights reserved.
        </p>
      </footer>
    </div>
  );
}
