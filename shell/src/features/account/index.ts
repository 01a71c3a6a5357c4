// The signed-in user's own account screens (loaded on demand as a chunk of their own) and the
// two-factor set-up pieces the sign-in page reuses.
export const loadSecurityPage = () => import('./SecurityPage');
export { SECURITY_PATH } from './paths';
export { RecoveryCodes } from './RecoveryCodes';
export { TwoFactorSetup } from './TwoFactorSetup';
