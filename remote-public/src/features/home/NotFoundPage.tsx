import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle('Page not found | DealDrop');
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/home">Back to the home page</Link>
    </section>
  );
}
