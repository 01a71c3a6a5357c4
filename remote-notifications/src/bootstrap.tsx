import { mountAdminStandalone } from '@deals/build/dev-host/admin';
import App from './App';

mountAdminStandalone(App);
