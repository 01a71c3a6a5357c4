import { object, ref, string } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';

// The new-user password rules (spec §5), shared by Add New User and the page behind a mailed
// reset or invitation link: the server checks both with the same rules and messages.
const { user: limits } = LIMITS;

export const newPassword = string().required(MESSAGES.user.passwordRequired).min(limits.passwordMin, MESSAGES.user.passwordMin).max(limits.passwordMax, tooLongMessage('Password', limits.passwordMax));

/** Must repeat the sibling `password`. */
export const confirmNewPassword = string()
  .required(MESSAGES.user.confirmRequired)
  .oneOf([ref('password')], MESSAGES.user.passwordsDoNotMatch);

/** A password chosen from a mailed link (reset or invitation). */
export const setPasswordSchema = object({ password: newPassword, confirmPassword: confirmNewPassword });
