// What the auth feature offers the app: the sign-in page and the page behind the mailed password
// links, each loaded on demand as a chunk of its own.
export const loadLoginPage = () => import('./LoginPage');
export const loadResetPasswordPage = () => import('./ResetPasswordPage');
export { LOGIN_PATH, RESET_PASSWORD_PATH } from './paths';
export { authenticate, type SignInStep } from './api';
