import { federatedConfig } from '@deals/build/rspack';
import { REMOTES } from '@deals/build/remotes';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'public',
  role: 'remote',
  devPort: REMOTES.public.devPort,
  exposes: { './App': './src/App.tsx' },
  title: 'DealDrop public (standalone)',
});
