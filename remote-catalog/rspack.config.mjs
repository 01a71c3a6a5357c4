import { federatedConfig } from '@deals/build/rspack';
import { REMOTES } from '@deals/build/remotes';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'catalog',
  role: 'remote',
  devPort: REMOTES.catalog.devPort,
  exposes: { './App': './src/App.tsx' },
  title: 'DealDrop catalog (standalone)',
});
