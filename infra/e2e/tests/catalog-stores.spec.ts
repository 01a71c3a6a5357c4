import type { Page } from '@playwright/test';
import { ADMIN_PATHS, button, dialog, dragOnto, expect, expectNoSeriousAdminA11yViolations, pngFile, rowWith, tableRows, test, toast, uniqueName } from './support/catalog';

// Each test walks several admin screens (and axe over them): more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

// Stores and product categories in the back office, in Chromium against the real API: adding
// with an image, sorting by drag and drop (seen in the site's header) and deleting. Every record
// a test makes is deleted after it (support/catalog.ts), so the demo data stays as it was.

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('stores', () => {
  test('an admin adds a store with a logo; without a logo the modal says Please upload an Image', async ({ page, signIn, catalog }) => {
    await signIn('admin');
    await page.goto(ADMIN_PATHS.stores);
    await expect(page.getByRole('heading', { level: 2, name: 'Stores' })).toBeVisible();
    await expect(tableRows(page).first()).toBeVisible();
    await expectNoSeriousAdminA11yViolations(page, 'the Stores screen');

    const { name } = uniqueName('E2E Store');
    await page.getByRole('button', { name: 'Add New Store' }).click();
    const modal = dialog(page, 'Add New Store');
    await modal.getByLabel('Store Name').fill(name);
    await expect(modal.getByLabel('Is Active?')).toBeChecked();
    await button(modal, 'Add Store').click();
    await expect(toast(page)).toContainText('Please upload an Image');
    await expect(modal.getByText('Please upload an Image', { exact: true })).toBeVisible();
    await expectNoSeriousAdminA11yViolations(page, 'the Add New Store modal');

    await modal.locator('input[type="file"]').setInputFiles(pngFile('logo.png'));
    await expect(modal.getByRole('img', { name: 'Logo preview' })).toBeVisible();
    await expect(modal.getByText('Please upload an Image', { exact: true })).toBeHidden();
    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Category/CreateCategory');
    await button(modal, 'Add Store').click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    const { id } = (await answer.json()) as { id: number };
    catalog.track('store', id);
    await expect(toast(page)).toContainText('Store created successfully');
    await expect(modal).toBeHidden();

    // The table lists it with its logo, drawn from the stored file.
    const row = rowWith(page, name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Yes');
    const logo = row.locator('img');
    await expect(logo).toHaveAttribute('src', /\/api\/Attachments\/.+/);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const store = (await catalog.stores()).find((candidate) => candidate.id === id);
    expect(store).toMatchObject({ name, isActive: true });
    expect(store?.imageFilePath).toBeTruthy();
  });

  test('a store that deals use cannot be deleted (the toast says why); a store without deals can', async ({ page, signIn, catalog }) => {
    const used = await catalog.createDealWithOwnCatalog('E2E Used');
    const { name: unused } = uniqueName('E2E Unused Store');
    const unusedId = await catalog.createStore(unused);
    await signIn('admin');
    await page.goto(ADMIN_PATHS.stores);

    await page.getByRole('button', { name: `Delete ${used.store}`, exact: true }).click();
    const confirm = dialog(page, 'Delete Store');
    await expect(confirm).toContainText(`Delete the store ${used.store}? This cannot be undone.`);
    const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/Category/DeleteCategory');
    await button(confirm, 'Delete').click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByRole('alert').filter({ hasText: 'cannot be deleted' })).toHaveText(
      'This store cannot be deleted because 1 deal uses it. Move those deals to another store or make the store inactive instead.',
    );
    await expect(confirm).toBeHidden();
    await expect(rowWith(page, used.store)).toHaveCount(1);
    expect(await catalog.storeStatus(used.storeId)).toBe(200);

    await page.getByRole('button', { name: `Delete ${unused}`, exact: true }).click();
    await button(confirm, 'Delete').click();
    await expect(toast(page)).toContainText('Store deleted successfully');
    await expect(rowWith(page, unused)).toHaveCount(0);
    expect(await catalog.storeStatus(unusedId)).toBe(404);
  });
});

test.describe('sorting stores', () => {
  // Tall enough for every store of the sort modal's list (60vh) without scrolling it.
  test.use({ viewport: { width: 1440, height: 1600 } });

  test('dragging the last store to the top with the mouse puts it first in the site’s Stores menu', async ({ page, signIn, catalog }) => {
    const { name } = uniqueName('E2E Sorted Store');
    const id = await catalog.createStore(name); // a new store goes last
    await signIn('admin');
    await page.goto(ADMIN_PATHS.stores);
    await page.getByRole('button', { name: 'Sort Stores' }).click();
    const modal = dialog(page, 'Sort Stores');
    const rows = modal.getByRole('list', { name: 'Sort Stores' }).locator('li > [data-sort-id]');
    await expect(rows.last()).toHaveAttribute('data-sort-id', String(id));
    const count = await rows.count();
    const save = button(modal, 'Save Order');
    await expect(save).toBeDisabled();
    const listBox = await rows.first().evaluate((row) => {
      const list = row.parentElement!;
      return { scrollable: list.scrollHeight > list.clientHeight };
    });
    expect(listBox.scrollable, 'the viewport shows the whole sort list').toBe(false);

    await dragOnto(page, rows.last(), rows.first());
    await expect(rows.first()).toHaveAttribute('data-sort-id', String(id));
    await expect(rows.first()).toContainText(name);
    await expect(save).toBeEnabled();
    const sorted = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/Category/SortCategories');
    await save.click();
    const order = (await sorted).postDataJSON() as { id: number; sortOrder: number }[];
    expect(order).toHaveLength(count);
    expect(order[0]).toEqual({ id, sortOrder: 1 });
    expect(order.map((item) => item.sortOrder)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    await expect(toast(page)).toContainText('Stores sorted successfully');
    await expect(modal).toBeHidden();
    expect((await catalog.stores())[0]).toMatchObject({ id, name, sortOrder: 1 });

    // The site's header: the Stores submenu starts with it, as a tile and in the list of names.
    await page.goto('/home');
    await mainMenu(page).getByRole('button', { name: 'Stores menu' }).click();
    await expect(page.getByRole('list', { name: 'Popular stores' }).getByRole('link').first()).toHaveText(name);
    await expect(page.getByRole('list', { name: 'All stores' }).getByRole('link').first()).toHaveText(name);
  });
});

test.describe('product categories', () => {
  test('an admin adds a product category with an image', async ({ page, signIn, catalog }) => {
    await signIn('admin');
    await page.goto(ADMIN_PATHS.productCategories);
    await expect(page.getByRole('heading', { level: 2, name: 'Product Categories' })).toBeVisible();
    await expect(tableRows(page).first()).toBeVisible();
    await expectNoSeriousAdminA11yViolations(page, 'the Product Categories screen');

    const { name } = uniqueName('E2E Category');
    await page.getByRole('button', { name: 'Add New Product Category' }).click();
    const modal = dialog(page, 'Add New Product Category');
    await modal.getByLabel('Product Category').fill(name);
    await expect(modal.getByLabel('Send Notification Immediately?')).not.toBeChecked();
    await modal.locator('input[type="file"]').setInputFiles(pngFile('category.png'));
    await expect(modal.getByRole('img', { name: 'Image preview' })).toBeVisible();
    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/ProductType/CreateProductType');
    await button(modal, 'Add Product Category').click();
    const answer = await created;
    expect(answer.status()).toBe(200);
    catalog.track('productType', ((await answer.json()) as { id: number }).id);
    await expect(toast(page)).toContainText('Product Category created successfully');
    await expect(modal).toBeHidden();

    const row = rowWith(page, name);
    await expect(row).toHaveCount(1);
    await expect(row.locator('img')).toHaveAttribute('src', /\/api\/Attachments\/.+/);
  });
});
