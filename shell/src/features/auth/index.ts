// What the auth feature offers the app: the sign-in page, loaded on demand as a chunk of its own.
export const loadLoginPage = () => import('./LoginPage');
export { authenticate, type SignInStep } from './api';
