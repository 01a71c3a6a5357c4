import { Link } from 'react-router-dom';
import { notFoundHead } from '../lib/seo';
import { useHead, useSeoSite, useStatus } from '../lib/ssr/head';

/** Any url nothing answers: a 404 for search engines, a way back for people. */
export function NotFoundPage() {
  useStatus(404);
  useHead(notFoundHead(useSeoSite()));
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/home">Back to the home page</Link>
    </section>
  );
}
