import { Link } from 'react-router-dom';
import type { SiteInfo } from '@deals/contract';
import { DealAlerts } from '../features/deal-alerts';
import { ManageAlerts } from '../features/deal-follows';
import { EmailAlertsButton } from '../features/email-alerts';
import { EmailSignupForm } from '../features/email-signup';
import { featuredDealsPath } from '../lib/links';
import { Icon, SocialLinks } from '../components/icons';

/** A footer item's target: a site path as a router link, anything else (mailto:, https:) as a plain link. */
function FooterLink({ to, children }: { to: string; children: string }) {
  if (to.startsWith('/')) return <Link to={to}>{children}</Link>;
  const external = /^https?:/i.test(to) ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <a href={to} {...external}>
      {children}
    </a>
  );
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(', ');

/** Company contact details, when the settings have any. */
function Contact({ info }: { info: SiteInfo }) {
  const street = joined(info.streetAddress1, info.streetAddress2);
  const town = joined(info.city, [info.state, info.zipCode].filter(Boolean).join(' '));
  const hours = [info.primaryWeekDayHours, info.primaryWeekEndHours, info.secondaryWeekDayHours, info.secondaryWeekEndHours].filter(Boolean);
  if (!street && !town && !info.phoneNumber && !hours.length) return null;
  return (
    <address className="ftr__contact">
      {(street || town) && (
        <p>
          {street}
          {street && town && <br />}
          {town}
        </p>
      )}
      {info.phoneNumber && (
        <p>
          <a href={`tel:${info.phoneNumber.replace(/[^\d+]/g, '')}`}>{info.phoneNumber}</a>
        </p>
      )}
      {hours.map((line) => (
        <p key={line} className="ftr__hours">
          {line}
        </p>
      ))}
    </address>
  );
}

/**
 * The site footer (spec 000 §2): featured sections, footer items, the email signup box, the app
 * badges, social icons and the mailto link, contact details, the copyright line and the credit.
 */
export function Footer({ info }: { info: SiteInfo | null | undefined }) {
  const company = info?.companyName || 'DealDrop';
  const featured = info?.featuredSections ?? [];
  const items = info?.footerItems ?? [];
  return (
    <footer className="ftr">
      <div className="ftr__inner">
        <div className="ftr__about">
          <p className="ftr__company">{company}</p>
          <p className="ftr__tagline">Hand-picked deals and promo codes from the stores you love, updated every day.</p>
          {info && <Contact info={info} />}
          <div className="ftr__reach">
            <SocialLinks info={info} className="ftr__social" />
            {info?.emailAddress && (
              <a className="ftr__mail" href={`mailto:${info.emailAddress}`}>
                <Icon name="mail" size={18} />
                {info.emailAddress}
              </a>
            )}
          </div>
        </div>
        {featured.length > 0 && (
          <nav className="ftr__col" aria-labelledby="ftr-featured">
            <h2 id="ftr-featured">Featured Deals</h2>
            <ul>
              {featured.map((section) => (
                <li key={section.id}>
                  <Link to={featuredDealsPath(section)}>{section.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {items.length > 0 && (
          <nav className="ftr__col" aria-labelledby="ftr-links">
            <h2 id="ftr-links">Company</h2>
            <ul>
              {items.map((item, index) => (
                <li key={index}>
                  <FooterLink to={item.to}>{item.label}</FooterLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <section className="ftr__signup" aria-labelledby="ftr-signup">
          <h2 id="ftr-signup">Get the best deals in your inbox</h2>
          <EmailSignupForm compact />
          <div className="ftr__email-alerts">
            <p>Or choose words and stores, and get their new deals by email.</p>
            <EmailAlertsButton look="link" label="Deal alerts by email" />
          </div>
          <DealAlerts />
          <ManageAlerts />
          {(info?.appStoreLink || info?.googlePlayStoreLink) && (
            <ul className="ftr__badges" aria-label="Get the app">
              {info.appStoreLink && (
                <li>
                  <a className="ftr__badge" href={info.appStoreLink} target="_blank" rel="noopener noreferrer">
                    <small>Download on the</small> App Store
                  </a>
                </li>
              )}
              {info.googlePlayStoreLink && (
                <li>
                  <a className="ftr__badge" href={info.googlePlayStoreLink} target="_blank" rel="noopener noreferrer">
                    <small>Get it on</small> Google Play
                  </a>
                </li>
              )}
            </ul>
          )}
        </section>
      </div>
      <div className="ftr__bottom">
        <div className="ftr__inner ftr__inner--bottom">
          <p>
            © {new Date().getFullYear()} {company}. All rights reserved.
          </p>
          <p>Developed by the DealDrop team</p>
        </div>
      </div>
    </footer>
  );
}
