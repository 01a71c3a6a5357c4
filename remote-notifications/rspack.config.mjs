import { federatedConfig } from '@deals/build/rspack';
import { REMOTES } from '@deals/build/remotes';

export default federatedConfig({
  dir: import.meta.dirname,
  name: 'notifications',
  role: 'remote',
  devPort: REMOTES.notifications.devPort,
  exposes: { './App': './src/App.tsx' },
  title: 'DealDrop notifications (standalone)',
});
