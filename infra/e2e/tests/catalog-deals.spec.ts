import type { Locator, Page } from '@playwright/test';
import { ADMIN_PATHS, button, chooseOption, dialog, expect, expectNoSeriousAdminA11yViolations, pngFile, rowWith, tableRows, test, toast, uniqueName } from './support/catalog';

// Each test walks several admin screens (and axe over them): more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

// Deals in the back office, in Chromium against the real API and database: the Create New Deal
// form and its images, the deals list (paging, filters, View, Delete), and what a staff member
// who did not add a deal may do with it. Every record a test makes is deleted after it.

const EDIT_URL = /\/admin\/management\/product-deal\/edit\/(\d+)$/;

/** An antd select by its label (its accessible name carries the required mark: "* Store"). */
const select = (page: Page, label: string) => page.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}$`) });

/** The dropdown menu antd shows for the clicked deal image (not one still fading out). */
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up-leave)');

/** Clicks a deal image and chooses an entry of its menu. */
async function imageAction(page: Page, image: Locator, action: 'Set as Preview' | 'Delete') {
  await image.getByRole('button').click();
  await openMenu(page).getByRole('menuitem', { name: action }).click();
}

test.describe('deal form', () => {
  test('an admin creates a deal with a new store and category, adds an image, makes it the preview, deletes the other, and the deal is live', async ({ page, signIn, catalog }) => {
    const { name: store, suffix } = uniqueName('E2E Store');
    const storeId = await catalog.createStore(store);
    const productType = `E2E Category ${suffix}`;
    const productTypeId = await catalog.createProductType(productType);
    const deal = `E2E Deal ${suffix}`;
    await signIn('admin');
    await page.goto(ADMIN_PATHS.newDeal);
    await expect(page.getByRole('heading', { level: 2, name: 'Create New Deal' })).toBeVisible();
    await expectNoSeriousAdminA11yViolations(page, 'the Create New Deal form');

    await chooseOption(page, select(page, 'Store'), store);
    await chooseOption(page, select(page, 'Product Categories'), productType);
    await page.keyboard.press('Escape');
    await page.getByLabel('Product Name').fill(deal);
    await page.getByLabel('Link', { exact: true }).fill('https://example.com/e2e-deal');
    await page.getByLabel('Current Price').fill('24.5');
    await page.getByLabel('Previous Price').fill('49');
    await page.getByLabel('Previous Price').blur();
    await expect(page.locator('output.deal-form__discount')).toHaveText('50%');

    // Without an image nothing is sent: a warning and the message under the field.
    const create = button(page, 'Create Deal');
    await expect(create).toBeEnabled();
    const calls: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && calls.push(new URL(request.url()).pathname));
    await create.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please Upload a Product Image' })).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: 'Please Upload a Product Image' })).toBeVisible();
    expect(calls).toEqual([]);

    await page.locator('input[type="file"]').setInputFiles(pngFile('first.png'));
    await expect(page.getByRole('img', { name: 'Product Image preview' })).toBeVisible();
    await create.click();
    await expect(page).toHaveURL(EDIT_URL);
    const id = Number(EDIT_URL.exec(page.url())![1]);
    catalog.track('deal', id);
    await expect(toast(page)).toContainText('Deal created successfully');
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Deal' })).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue(deal);

    const images = page.locator('.deal-images__grid > li');
    await expect(images).toHaveCount(1);
    const firstId = Number(await images.first().getAttribute('data-image-id'));
    const first = page.locator(`.deal-images__grid > li[data-image-id="${firstId}"]`);
    await expect(first.getByRole('button')).toHaveAccessibleName(/the preview/);

    // Add Images: a second image, not the preview.
    await page.getByRole('button', { name: 'Add Images' }).click();
    const adding = dialog(page, 'Add Images');
    await adding.locator('input[type="file"]').setInputFiles(pngFile('second.png'));
    await expect(adding.getByText('second.png')).toBeVisible();
    await button(adding, 'Upload').click();
    await expect(toast(page)).toContainText('Images uploaded successfully');
    await expect(adding).toBeHidden();
    await expect(images).toHaveCount(2);
    const second = page.locator(`.deal-images__grid > li:not([data-image-id="${firstId}"])`);
    const secondId = Number(await second.getAttribute('data-image-id'));
    await expect(second.getByRole('button')).not.toHaveAccessibleName(/the preview/);

    await imageAction(page, second, 'Set as Preview');
    await expect(toast(page)).toContainText('Preview image updated successfully');
    await expect(second.getByRole('button')).toHaveAccessibleName(/the preview/);
    await expect(first.getByRole('button')).not.toHaveAccessibleName(/the preview/);

    await imageAction(page, first, 'Delete');
    const confirm = dialog(page, 'Delete Image');
    await expect(confirm).toContainText('Delete this image from the deal?');
    await button(confirm, 'Delete').click();
    await expect(toast(page)).toContainText('Image deleted successfully');
    await expect(images).toHaveCount(1);
    await expect(images.first()).toHaveAttribute('data-image-id', String(secondId));

    const saved = await catalog.deal(id);
    expect(saved).toMatchObject({ name: deal, categoryId: storeId, productTypeIds: [productTypeId], currentPrice: 24.5, previousPrice: 49, isActive: true });
    expect(saved.productImages).toEqual([{ id: secondId, filePath: expect.any(String), isPreviewImage: true }]);
    expect(saved.imageUrl).toBe(saved.productImages[0]!.filePath);

    // Active and without a start date, it is live on the site.
    await page.goto(`/deal/details/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: deal })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('$24.50');
  });
});

test.describe('deals list', () => {
  test('shows 100 deals a page, filters by name, opens View in a new tab and deletes a deal after confirmation', async ({ page, signIn, catalog }) => {
    const { dealId, deal } = await catalog.createDealWithOwnCatalog('E2E Listed');
    const every = await catalog.deals();
    expect(every.length, 'the demo data has 300 deals').toBeGreaterThan(300);
    await signIn('admin');
    await page.goto(ADMIN_PATHS.deals);
    await expect(page.getByRole('heading', { level: 2, name: 'Deals and Promo Codes' })).toBeVisible();
    // 100 a page.
    await expect(tableRows(page)).toHaveCount(100);
    await expect(page.locator('.ant-pagination-item')).toHaveCount(Math.ceil(every.length / 100));

    // Posted On, today only: the deals added today in this time zone (the new one among them).
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const postedToday = every.filter((row) => new Date(row.dateTimeAdded).toDateString() === today.toDateString());
    expect(postedToday.length, 'the demo data has deals of other days').toBeLessThan(100);
    // (ProTable's Expand toggle is a link without href: no button role.)
    await page.getByText('Expand', { exact: true }).click();
    const range = page.locator('.ant-picker-range').filter({ has: page.getByRole('textbox', { name: /^Posted On/ }) });
    for (const input of [range.locator('input').first(), range.locator('input').last()]) {
      await input.click();
      await input.fill(day);
      await input.press('Enter');
    }
    await button(page, 'Filter').click();
    await expect(tableRows(page)).toHaveCount(postedToday.length);
    await expect(rowWith(page, deal)).toHaveCount(1);
    await button(page, 'Clear').click();
    await expect(tableRows(page)).toHaveCount(100);

    // The name: only the new deal.
    await page.getByLabel('Product Name').fill(deal);
    await button(page, 'Filter').click();
    await expect(tableRows(page)).toHaveCount(1);
    const row = rowWith(page, deal);
    await expect(row).toHaveCount(1);
    // (Checked on the filtered list: axe takes ~10 s over 100 rows of the same cells.)
    await expectNoSeriousAdminA11yViolations(page, 'the deals list');

    const view = row.getByRole('link', { name: `View ${deal} (opens in a new tab)` });
    await expect(view).toHaveAttribute('target', '_blank');
    await expect(view).toHaveAttribute('href', ADMIN_PATHS.editDeal(dealId));
    const [tab] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
    await expect(tab).toHaveURL(new RegExp(`${ADMIN_PATHS.editDeal(dealId)}$`));
    await expect(tab.getByRole('heading', { level: 2, name: 'Edit Deal' })).toBeVisible();
    await expect(tab.getByLabel('Product Name')).toHaveValue(deal);
    await tab.close();

    await row.getByRole('button', { name: `Delete ${deal}`, exact: true }).click();
    const confirm = dialog(page, 'Delete Deal');
    await expect(confirm).toContainText(`Delete the deal "${deal}"?`);
    await button(confirm, 'Delete').click();
    await expect(toast(page)).toContainText('Deal deleted successfully');
    await expect(rowWith(page, deal)).toHaveCount(0);
    expect(await catalog.dealStatus(dealId)).toBe(404);
  });
});

test.describe('deals list at scale', () => {
  test('pages and sorts on the server with the state in the address, and a bulk deactivate takes the chosen deals off the public site', async ({ page, signIn, catalog }) => {
    const first = await catalog.createDealWithOwnCatalog('E2E Bulk');
    const second = await catalog.createDealWithOwnCatalog('E2E Bulk');
    const every = await catalog.deals();
    expect(every.length, 'the demo data fills more than two pages').toBeGreaterThan(200);
    await signIn('admin');
    await page.goto(ADMIN_PATHS.deals);
    await expect(tableRows(page)).toHaveCount(100);
    await expect(page.locator('.ant-pagination-total-text')).toHaveText(`1–100 of ${every.length}`);

    // Page 2 holds the unpaged list's rows 101–200, and survives a reload from its address.
    await page.locator('.ant-pagination-item-2').click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(tableRows(page).first()).toContainText(every[100]!.name);
    await page.reload();
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('2');
    await expect(tableRows(page).first()).toContainText(every[100]!.name);

    // A sort by a column header goes into the address; opening that address sorts the same way.
    await page.goto(ADMIN_PATHS.deals);
    await page.getByRole('columnheader', { name: /^Current Price/ }).click();
    await expect(page).toHaveURL(/[?&]sort=currentPrice\.asc/);
    const cheapest = Math.min(...every.map((deal) => deal.currentPrice));
    await page.goto(`${ADMIN_PATHS.deals}?sort=currentPrice.asc`);
    await expect(tableRows(page).first()).toContainText(`$${cheapest.toFixed(2)}`);

    // Bulk: choose the two new deals, Deactivate, confirm the count.
    await page.goto(`${ADMIN_PATHS.deals}?name=${encodeURIComponent('E2E Bulk Deal')}`);
    await expect(page.getByLabel('Product Name')).toHaveValue('E2E Bulk Deal');
    for (const { deal } of [first, second]) await rowWith(page, deal).getByRole('checkbox').check();
    const bar = page.getByLabel('Bulk actions');
    await expect(bar).toContainText('2 deals chosen');
    await bar.getByRole('button', { name: /Deactivate/ }).click();
    const confirm = dialog(page, 'Deactivate Deals');
    await expect(confirm).toContainText('Deactivate 2 deals?');
    await button(confirm, 'Deactivate').click();
    await expect(toast(page)).toContainText('2 deals deactivated');
    for (const { deal } of [first, second]) await expect(rowWith(page, deal)).toContainText('No');

    // Off the public site: the deal page answers 410 (no longer live), the search no longer finds it.
    for (const { dealId } of [first, second]) expect((await page.request.get(`/deal/details/${dealId}`)).status()).toBe(410);
    const search = await page.request.post('/api/Home/SearchProduct', { data: { searchTerm: first.deal } });
    expect(JSON.stringify(await search.json())).not.toContain(first.deal);
  });
});

test.describe('deal import', () => {
  test('checks a CSV with a bad row, shows the row\'s problem, imports the good rows and they are live on the site', async ({ page, signIn, catalog }) => {
    const { name: store, suffix } = uniqueName('E2E Import Store');
    const productType = `E2E Import Category ${suffix}`;
    await catalog.createStore(store);
    await catalog.createProductType(productType);
    const names = [`E2E Imported One ${suffix}`, `E2E Imported Two ${suffix}`];
    const csv = [
      'Product Name,Store,Product Category,Current Price,Previous Price,Promo Code,Link,Expires In',
      `${names[0]},${store},${productType},$19.99,$29.99,IMPORT10,https://shop.example/one,12/31/2030 23:59`,
      `E2E Broken ${suffix},${store},${productType},call us,29.99,,https://shop.example/broken,`,
      `${names[1]},${store.toUpperCase()},${productType},9.50,12,,https://shop.example/two,`,
    ].join('\n');

    await signIn('staff');
    await page.goto(ADMIN_PATHS.deals);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Import Deals' })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles({ name: 'feed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Check file' }).click();

    const problem = page.getByRole('listitem', { name: 'Line 3' });
    await expect(problem).toContainText(`E2E Broken ${suffix}`);
    await expect(problem).toContainText('Current Price: Please enter valid current price');
    await page.getByRole('button', { name: 'Import 2 deals' }).click();
    const confirm = dialog(page, 'Import Deals');
    await expect(confirm).toContainText('Import 2 deals and skip 1 row with problems?');
    await button(confirm, 'Import').click();
    await expect(page.getByText('2 deals imported; 1 row skipped')).toBeVisible();

    // The imported deals are the staff member's, in the list, and live on the public site.
    const imported = (await catalog.deals()).filter((deal) => deal.name.includes(suffix));
    for (const deal of imported) catalog.track('deal', deal.id);
    expect(imported.map((deal) => deal.name).sort()).toEqual([...names].sort());
    await page.getByRole('button', { name: 'View deals' }).click();
    await expect(page).toHaveURL(/product-deals\?/);
    for (const name of names) await expect(tableRows(page).filter({ hasText: name })).toHaveCount(1);
    const live = await page.request.get(`/deal/details/${imported[0]!.id}`);
    expect(live.status()).toBe(200);
  });
});

test.describe('a staff member', () => {
  test('sees an admin’s deal read-only, has no Delete for it, and is told Stores and Product Categories are for admins', async ({ page, signIn, catalog }) => {
    const { dealId, deal } = await catalog.createDealWithOwnCatalog('E2E Admins');
    await signIn('staff');
    await page.goto(ADMIN_PATHS.editDeal(dealId));
    await expect(page.getByRole('heading', { level: 2, name: 'Deal Details' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Read-only' })).toContainText('Only they or an admin can change it.');
    await expect(page.getByLabel('Product Name')).toHaveValue(deal);
    for (const field of [page.getByLabel('Product Name'), page.getByLabel('Current Price'), select(page, 'Store'), page.getByLabel('Is Active?')]) {
      await expect(field).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Images' })).toHaveCount(0);
    await expect(page.locator('.deal-images__grid img')).toHaveCount(1);
    await expect(page.locator('.deal-images__grid').getByRole('button')).toHaveCount(0);

    await page.goto(ADMIN_PATHS.deals);
    await page.getByLabel('Product Name').fill(deal);
    await button(page, 'Filter').click();
    await expect(tableRows(page)).toHaveCount(1);
    const row = rowWith(page, deal);
    await expect(row.getByRole('link', { name: `View ${deal} (opens in a new tab)` })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    for (const path of [ADMIN_PATHS.stores, ADMIN_PATHS.productCategories]) {
      await page.goto(path);
      await expect(page.getByText('Admins only', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Add New/ })).toHaveCount(0);
    }
  });
});
