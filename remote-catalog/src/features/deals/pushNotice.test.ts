import dayjs from 'dayjs';
import type { ProductType } from '@deals/contract';
import { pushConfirmText, pushNoticeText, pushOnSave, type PushOnSaveInput } from './pushNotice';

const TYPES: ProductType[] = [
  { id: 1, name: 'Electronics', imageFilePath: null, notifyImmediately: true, isActive: true, sortOrder: 1 },
  { id: 2, name: 'Books', imageFilePath: null, notifyImmediately: false, isActive: true, sortOrder: 2 },
  { id: 3, name: 'Retired', imageFilePath: null, notifyImmediately: true, isActive: false, sortOrder: 3 },
];
const now = dayjs('2026-11-27T12:00:00Z');
const input = (over: Partial<PushOnSaveInput> = {}): PushOnSaveInput => ({
  creating: true,
  isActive: true,
  productTypeIds: [1],
  dealStartsIn: null,
  dealExpiresIn: null,
  savedStart: null,
  productTypes: TYPES,
  now,
  ...over,
});
const format = (date: dayjs.Dayjs) => date.toISOString();

describe('what a deal save pushes', () => {
  it('pushes now for a new live deal in an active category with Send Notification Immediately', () => {
    expect(pushOnSave(input())).toEqual({ when: 'now', categories: ['Electronics'] });
    expect(pushOnSave(input({ dealStartsIn: now.subtract(1, 'hour'), dealExpiresIn: now.add(1, 'day') }))).toMatchObject({ when: 'now' });
  });

  it('pushes nothing for an inactive or expired deal, or categories that do not notify (or are inactive)', () => {
    expect(pushOnSave(input({ isActive: false }))).toBeNull();
    expect(pushOnSave(input({ dealExpiresIn: now.subtract(1, 'minute') }))).toBeNull();
    expect(pushOnSave(input({ productTypeIds: [2] }))).toBeNull();
    expect(pushOnSave(input({ productTypeIds: [3] }))).toBeNull();
  });

  it('pushes at the start for a deal that starts later, new or saved', () => {
    const startsAt = now.add(2, 'day');
    expect(pushOnSave(input({ dealStartsIn: startsAt }))).toEqual({ when: 'at-start', startsAt, categories: ['Electronics'] });
    expect(pushOnSave(input({ creating: false, dealStartsIn: startsAt, savedStart: null }))).toMatchObject({ when: 'at-start' });
  });

  it('pushes now when a saved deal waiting to start is brought forward, and never again for a live one', () => {
    expect(pushOnSave(input({ creating: false, savedStart: now.add(1, 'day'), dealStartsIn: null }))).toMatchObject({ when: 'now' });
    expect(pushOnSave(input({ creating: false, savedStart: now.subtract(1, 'day'), dealStartsIn: now.subtract(1, 'day') }))).toBeNull();
    expect(pushOnSave(input({ creating: false }))).toBeNull();
  });

  it('words the notice and the confirm with the reach, or without it while the count is unknown', () => {
    const push = pushOnSave(input({ productTypeIds: [1, 2] }))!;
    expect(pushNoticeText(push, 1, format)).toBe('Saving sends a push notification about this deal to 1 device now (Electronics has Send Notification Immediately on).');
    expect(pushNoticeText(push, null, format)).toContain('to every device with deal alerts on now');
    expect(pushNoticeText(push, 0, format)).toBe('Saving sends a push notification about this deal now (Electronics has Send Notification Immediately on); no device has deal alerts on yet, so none receives it.');
    expect(pushConfirmText(push, ' Air Fryer ', 2500, format)).toEqual({
      title: 'Save and send a push notification?',
      text: 'Saving sends “New deal: Air Fryer” to 2,500 devices now. It cannot be called back.',
      rightBtnText: 'Save and Notify',
    });
    const later = pushOnSave(input({ dealStartsIn: now.add(1, 'day') }))!;
    expect(pushConfirmText(later, 'Air Fryer', 3, format)).toMatchObject({ rightBtnText: 'Save and Schedule', text: `When the deal starts (${now.add(1, 'day').toISOString()}), “New deal: Air Fryer” goes to every device with deal alerts on (3 devices today).` });
  });
});
