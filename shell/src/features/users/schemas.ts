import { boolean, object, ref, string } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import { confirmNewPassword, newPassword } from '../../lib/passwordRules';

// The spec's §5 rules for the three user forms; messages and limits come from the API contract,
// so the form and the server say the same thing.
const { user: limits } = LIMITS;
const max = (label: string, limit: number) => [limit, tooLongMessage(label, limit)] as const;

const fullName = string().trim().required(MESSAGES.user.fullNameRequired).max(...max('Full Name', limits.fullName));
const phone = string().max(...max('Phone', limits.phone)).default('');

// An invited user chooses their own password from the mail: the fields are hidden and not sent.
const unlessInvited = (schema: typeof newPassword) => schema.when('sendInvite', { is: true, then: () => string().default('') });

export const newUserSchema = object({
  username: string().trim().required(MESSAGES.user.usernameRequired).max(...max('Username', limits.username)),
  fullName,
  email: string().trim().email(MESSAGES.user.emailInvalid).required(MESSAGES.user.emailRequired).max(...max('Email', limits.email)),
  phone,
  password: unlessInvited(newPassword),
  confirmPassword: unlessInvited(confirmNewPassword),
  isActive: boolean().default(true),
  isAdmin: boolean().default(false),
  sendInvite: boolean().default(false),
});

export const editUserSchema = object({
  username: string().default(''),
  fullName,
  email: string().trim().email(MESSAGES.editUser.emailInvalid).required(MESSAGES.editUser.emailRequired).max(...max('Email Address', limits.email)),
  phone,
  isActive: boolean().default(true),
  isAdmin: boolean().default(false),
});

export const changePasswordSchema = object({
  oldPassword: string().required(MESSAGES.changePassword.oldRequired).min(limits.passwordMin, MESSAGES.changePassword.oldMin).max(...max('Old Password', limits.passwordMax)),
  password: string().required(MESSAGES.changePassword.newRequired).min(limits.passwordMin, MESSAGES.user.passwordMin).max(...max('New Password', limits.passwordMax)),
  confirmPassword: string()
    .required(MESSAGES.changePassword.confirmRequired)
    .oneOf([ref('password')], MESSAGES.changePassword.mustMatch),
});
