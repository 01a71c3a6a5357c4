import { categoryDealsPath } from '../../lib/links';
import { DirectoryPage } from './DirectoryPage';

/** `/categories`: every product category; a tile opens the deals of that category. */
export default function CategoriesPage() {
  return (
    <DirectoryPage
      title="Categories"
      pagePath="/categories"
      noun="categories"
      description="Browse deals and promo codes by product category."
      items={(info) => info.categories}
      path={categoryDealsPath}
      fit="cover"
    />
  );
}
