// The shell's own public pages: sign-in, and the page behind the password links staff are mailed.
export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/reset-password';

/** What another page may hand /login in the navigation state. */
export interface LoginState {
  /** A message to show over Sign In (the new password was saved). */
  notice?: string;
  /** Opens Recover Account rather than Sign In (a link that no longer works). */
  recover?: boolean;
}
