import { object, string } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';

export const loginSchema = object({
  username: string().trim().required(MESSAGES.login.usernameRequired).max(LIMITS.user.username, tooLongMessage('Username', LIMITS.user.username)),
  password: string().required(MESSAGES.login.passwordRequired).max(LIMITS.user.passwordMax, tooLongMessage('Password', LIMITS.user.passwordMax)),
});

/** The Recover Account view's email, with the messages Users/RequestPasswordReset answers. */
export const recoverSchema = object({
  email: string().trim().required(MESSAGES.user.emailRequired).email(MESSAGES.user.emailInvalid).max(LIMITS.user.email, tooLongMessage('Email', LIMITS.user.email)),
});
