import { simpleHead } from '../../lib/seo';
import { useHead, useSeoSite } from '../../lib/ssr/head';
import { EmailSignupForm } from './EmailSignupForm';

/** `/email-blast-signup` (spec 000 §2 "Email signup page"). */
export default function EmailSignupPage() {
  const site = useSeoSite();
  useHead(
    simpleHead(site, { path: '/email-blast-signup', title: 'Email Blast', description: `Sign up to the ${site.companyName} email blast: the best deals and promo codes in your inbox.` }),
  );
  return (
    <section className="email-page">
      <h1 className="page-title">Email Blast</h1>
      <p className="email-page__lead">Sign up for our email blast and get the best deals and promo codes straight to your inbox.</p>
      <EmailSignupForm />
    </section>
  );
}
