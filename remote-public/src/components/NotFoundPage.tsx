import { Link } from 'react-router-dom';
import { useSiteInfo } from '../features/site/api';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export function NotFoundPage() {
  const company = useSiteInfo()?.companyName || 'DealDrop';
  useDocumentTitle(`Page not found | ${company}`, `This page does not exist on ${company}. Browse today's deals and promo codes instead.`);
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/home">Back to the home page</Link>
    </section>
  );
}
