import { storeDealsPath } from '../../lib/links';
import { DirectoryPage } from './DirectoryPage';

/** `/stores`: every store; a tile opens the deals of that store. */
export default function StoresPage() {
  return (
    <DirectoryPage
      title="Stores"
      pagePath="/stores"
      noun="stores"
      description="Find your favourite store and browse its latest deals and promo codes."
      items={(info) => info.stores}
      path={storeDealsPath}
      fit="contain"
    />
  );
}
