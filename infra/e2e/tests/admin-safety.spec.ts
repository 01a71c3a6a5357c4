import type { Page } from '@playwright/test';
import { ADMIN_PATHS, button, chooseOption, dialog, pngFile, rowWith, toast, uniqueName } from './support/catalog';
import { card, EDIT_BANNER_URL, expect, idFrom, screenTitle, test } from './support/cms';

// What the back office does so that work is not lost and nothing is sent by surprise, in Chromium
// against the real API: unsaved work asks before it is left (the app's own navigation, a reload),
// and a deal save that pushes a notification to every device says so, with how many, first.

test.describe.configure({ timeout: 120_000 });

const sideNav = (page: Page) => page.locator('.admin-nav');
const leaveDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });

test('a banner slide staged in Add Banner Item is not lost: leaving the banner, or reloading it, asks first', async ({ page, signIn, cms }) => {
  const { name: bannerName, suffix } = uniqueName('E2E Unsaved Banner');
  await signIn('admin');
  await page.goto('/cms/management/banner');
  await page.getByLabel('Banner Name').fill(bannerName);
  await button(page, 'Create').click();
  await expect(page).toHaveURL(EDIT_BANNER_URL);
  const bannerId = idFrom(page, EDIT_BANNER_URL);
  await expect(screenTitle(page, 'Banner Details')).toBeVisible();

  // Stage a slide: in the editor only until Save Draft.
  const items = card(page, 'Banner Items');
  await items.getByRole('button', { name: 'Add Banner Item' }).click();
  const modal = dialog(page, 'Add Banner Item');
  await modal.getByLabel('Name', { exact: true }).fill('Staged slide');
  await modal.getByLabel('Title', { exact: true }).fill(`Staged ${suffix}`);
  await modal.locator('input[type="file"]').setInputFiles(pngFile('staged.png'));
  await expect(modal.getByRole('img', { name: 'Image preview' })).toBeVisible();
  await button(modal, 'Add').click();
  await expect(modal).toBeHidden();
  await expect(rowWith(items, 'Staged slide')).toHaveCount(1);
  expect((await cms.banner(bannerId)).bannerItems).toEqual([]);

  // The app's own navigation asks; Cancel stays with the slide.
  await sideNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`/cms/management/banner/edit/${bannerId}`);
  await expect(rowWith(items, 'Staged slide')).toHaveCount(1);

  // A reload gets the browser's own question; staying keeps the slide.
  const asked: string[] = [];
  page.once('dialog', (question) => {
    asked.push(question.type());
    void question.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(asked).toEqual(['beforeunload']);
  await expect(rowWith(items, 'Staged slide')).toHaveCount(1);

  // Leave: gone to the dashboard, the slide never saved.
  await sideNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
  expect((await cms.banner(bannerId)).bannerItems).toEqual([]);
});

test('after Save Draft the banner leaves without a question', async ({ page, signIn, cms }) => {
  const { name: bannerName } = uniqueName('E2E Saved Banner');
  await signIn('admin');
  await page.goto('/cms/management/banner');
  await page.getByLabel('Banner Name').fill(bannerName);
  await button(page, 'Create').click();
  await expect(page).toHaveURL(EDIT_BANNER_URL);
  const bannerId = idFrom(page, EDIT_BANNER_URL);
  await page.getByLabel('Banner Name').fill(`${bannerName} renamed`);
  await button(page, 'Save Draft').click();
  await expect(toast(page).first()).toContainText('Draft saved');
  await sideNav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
  await expect(leaveDialog(page)).toHaveCount(0);
  expect((await cms.banner(bannerId)).name).toBe(bannerName);
});

test('the deal form says before the save that it pushes a notification to every device, and the confirm names it', async ({ page, signIn, catalog, request }) => {
  const { name: store, suffix } = uniqueName('E2E Push Store');
  await catalog.createStore(store);
  const productType = `E2E Notifying ${suffix}`;
  await catalog.createProductType(productType, { notifyImmediately: true });
  const deal = `E2E Pushed Deal ${suffix}`;
  const admin = await signIn('admin');
  const { devices } = (await (await request.get('/api/Devices/GetAudienceSize', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { devices: number };
  const reach = devices === 0 ? /no device has deal alerts on yet/ : new RegExp(`to ${devices.toLocaleString('en-US')} devices? now`);

  await page.goto(ADMIN_PATHS.newDeal);
  const select = (label: string) => page.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}$`) });
  await chooseOption(page, select('Store'), store);
  await chooseOption(page, select('Product Categories'), productType);
  await page.keyboard.press('Escape');
  const notice = page.getByRole('status').filter({ hasText: 'This save sends a push notification' });
  await expect(notice).toContainText(reach);
  await expect(notice).toContainText(`${productType} has Send Notification Immediately on`);
  await page.getByLabel('Product Name').fill(deal);
  await page.getByLabel('Link', { exact: true }).fill('https://store.example/pushed');
  await page.getByLabel('Current Price').fill('10');
  await page.getByLabel('Previous Price').fill('20');
  await page.locator('input[type="file"]').setInputFiles(pngFile('pushed.png'));

  await button(page, 'Create Deal').click();
  const confirm = page.getByRole('dialog').filter({ hasText: 'Save and send a push notification?' });
  await expect(confirm).toContainText(`“New deal: ${deal}”`);
  // Cancel: nothing saved, nothing sent.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(ADMIN_PATHS.newDeal);
  expect((await catalog.deals()).some((row) => row.name === deal)).toBe(false);

  await button(page, 'Create Deal').click();
  await confirm.getByRole('button', { name: 'Save and Notify' }).click();
  await expect(page).toHaveURL(/\/admin\/management\/product-deal\/edit\/\d+$/);
  const created = (await catalog.deals()).find((row) => row.name === deal)!;
  catalog.track('deal', created.id);
  // The history shows the notification the confirm named.
  const history = (await (await request.get('/api/PushNotificationHistory/GetPushNotificationHistory', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { title: string }[];
  expect(history.some((row) => row.title === `New deal: ${deal}`)).toBe(true);
});
