import { federatedConfig } from '@deals/build/rspack';
import { REMOTES } from '@deals/build/remotes';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'cms',
  role: 'remote',
  devPort: REMOTES.cms.devPort,
  exposes: { './App': './src/App.tsx' },
  title: 'DealDrop cms (standalone)',
});
