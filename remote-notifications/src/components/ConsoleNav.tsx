import { NavLink } from 'react-router-dom';
import { EMAIL_SENDS_PATH, HISTORY_PATH } from '../paths';
import './console-nav.css';

const CONSOLES = [
  { to: HISTORY_PATH, label: 'Push notifications' },
  { to: EMAIL_SENDS_PATH, label: 'Email sends' },
] as const;

/**
 * Tabs between the push history and the email sends: what the site sent to visitors, by either
 * channel. Links rather than antd tabs, so each console keeps its own address (and opens in a
 * new tab); NavLink marks the current one with aria-current.
 */
export function ConsoleNav() {
  return (
    <nav className="deals-console-nav" aria-label="Notification consoles">
      {CONSOLES.map(({ to, label }) => (
        <NavLink key={to} to={to} className="deals-console-nav__link">
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
