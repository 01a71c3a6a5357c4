import { mountStandalone } from '@deals/build/dev-host/public';
import App from './App';

mountStandalone(App);
