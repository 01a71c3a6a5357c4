import { federatedConfig } from '@deals/build/rspack';
import { SHELL_DEV_PORT } from '@deals/build/remotes';

export default federatedConfig({ dir: import.meta.dirname, name: 'shell', role: 'host', devPort: SHELL_DEV_PORT, title: 'DealDrop: deals and promo codes' });
