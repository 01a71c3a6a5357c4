import type { Dayjs } from 'dayjs';
import type { ProductType } from '@deals/contract';

// When saving the deal form pushes a notification to every device, and the words that say so
// before the save. The API's rules (push/new-deal-alert.ts, push/deal-go-live.ts): a deal goes out
// once, when it goes live active in an active product category with "Send Notification
// Immediately" on: at once when created live, at its start when saved waiting to start.

export interface PushOnSaveInput {
  creating: boolean;
  isActive: boolean;
  productTypeIds: readonly number[];
  dealStartsIn: Dayjs | null;
  dealExpiresIn: Dayjs | null;
  /** The saved deal's start (edit only): a deal already live was announced, or never will be, on save. */
  savedStart: Dayjs | null;
  productTypes: readonly ProductType[];
  now: Dayjs;
}

/** What the save will push: now, at the deal's start, or nothing (null). */
export type PushOnSave = { when: 'now'; categories: string[] } | { when: 'at-start'; startsAt: Dayjs; categories: string[] } | null;

export function pushOnSave({ creating, isActive, productTypeIds, dealStartsIn, dealExpiresIn, savedStart, productTypes, now }: PushOnSaveInput): PushOnSave {
  if (!isActive || (dealExpiresIn && !dealExpiresIn.isAfter(now))) return null;
  const categories = productTypes.filter((type) => productTypeIds.includes(type.id) && type.isActive && type.notifyImmediately).map((type) => type.name);
  if (!categories.length) return null;
  const startsLater = dealStartsIn !== null && dealStartsIn.isAfter(now);
  if (startsLater) return { when: 'at-start', startsAt: dealStartsIn, categories };
  // Live on save: a new deal goes out now, and so does a saved one that was still waiting to start.
  const wasWaiting = savedStart !== null && savedStart.isAfter(now);
  return creating || wasWaiting ? { when: 'now', categories } : null;
}

const devicesText = (devices: number | null) => (devices === null ? 'every device with deal alerts on' : `${devices.toLocaleString('en-US')} ${devices === 1 ? 'device' : 'devices'}`);

/** The form's notice, before the save. */
export function pushNoticeText(push: NonNullable<PushOnSave>, devices: number | null, format: (date: Dayjs) => string): string {
  const why = `${push.categories.join(', ')} ${push.categories.length === 1 ? 'has' : 'have'} Send Notification Immediately on`;
  if (push.when === 'now' && devices === 0) return `Saving sends a push notification about this deal now (${why}); no device has deal alerts on yet, so none receives it.`;
  return push.when === 'now'
    ? `Saving sends a push notification about this deal to ${devicesText(devices)} now (${why}).`
    : `When this deal starts (${format(push.startsAt)}), a push notification about it goes to every device with deal alerts on: ${devicesText(devices)} today (${why}).`;
}

/** The confirm the save asks first, naming the notification. */
export function pushConfirmText(push: NonNullable<PushOnSave>, dealName: string, devices: number | null, format: (date: Dayjs) => string): { title: string; text: string; rightBtnText: string } {
  const title = `New deal: ${dealName.trim()}`;
  return push.when === 'now'
    ? { title: 'Save and send a push notification?', text: `Saving sends “${title}” to ${devicesText(devices)} now. It cannot be called back.`, rightBtnText: 'Save and Notify' }
    : { title: 'Save and schedule a push notification?', text: `When the deal starts (${format(push.startsAt)}), “${title}” goes to every device with deal alerts on (${devicesText(devices)} today).`, rightBtnText: 'Save and Schedule' };
}
