import { object, string, type InferType } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';

// Spec 2 §5 "Push notification": both texts required. The limits and messages are the contract's,
// so the form and the server (which validates the same query) say the same thing.
const { pushNotification: limits } = LIMITS;

export const pushNotificationSchema = object({
  title: string().trim().required(MESSAGES.pushNotification.titleRequired).max(limits.title, tooLongMessage('Title', limits.title)),
  message: string().trim().required(MESSAGES.pushNotification.messageRequired).max(limits.message, tooLongMessage('Message', limits.message)),
});

export type PushNotificationForm = InferType<typeof pushNotificationSchema>;

export const BLANK_PUSH_NOTIFICATION: PushNotificationForm = { title: '', message: '' };
