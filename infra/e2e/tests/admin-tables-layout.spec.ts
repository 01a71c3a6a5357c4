import type { Locator, Page } from '@playwright/test';
import { ADMIN_PATHS, button, expect, test } from './support/catalog';

// The back office's tables and footers as staff see them, in Chromium: the deals table fits a
// 1440 px screen with the columns a person chose (remembered by the API), every table offers its
// jump-to-page box, the users table shows the username on a phone, and the featured section
// screens have the spec's footer bar.

test.describe.configure({ timeout: 90_000 });

const table = (page: Page) => page.locator('.ant-table').first();
/** Whether the table scrolls sideways (its body wider than the box showing it). */
const scrollsSideways = (scope: Locator) =>
  scope.locator('.ant-table-content, .ant-table-body').first().evaluate((box) => box.scrollWidth > box.clientWidth + 1);
const header = (page: Page, name: string) => page.getByRole('columnheader', { name: new RegExp(`^${name.replace(/[?()%]/g, '\\$&')}`) }).first();

test.describe('the deals table at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('fits without scrolling sideways, keeps Actions and the name pinned, and remembers the columns a person chose', async ({ page, signIn, request }) => {
    const admin = await signIn('admin');
    const headers = { authorization: `Bearer ${admin.token}` };
    // From the screen's defaults, and back to them after.
    await request.put('/api/Preferences/SaveTableColumns', { headers, data: { table: 'product-deals', columns: null } });
    try {
      await page.goto(ADMIN_PATHS.deals);
      await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      for (const name of ['Actions', 'Preview Image', 'Product Name', 'Store', 'Promo Code', 'Discount %', 'Current Price', 'Expires In', 'Is Active?', 'Clicks (7 days)']) await expect(header(page, name)).toBeVisible();
      expect(await scrollsSideways(table(page))).toBe(false);
      await expect(header(page, 'Actions')).toHaveClass(/ant-table-cell-fix-left/);
      await expect(header(page, 'Product Name')).toHaveClass(/ant-table-cell-fix-left/);

      // Column settings: show Posted By; the choice is the API's, so a reload keeps it.
      await page.getByRole('img', { name: 'setting' }).click();
      const settings = page.locator('.ant-pro-table-column-setting-overlay, .ant-popover').filter({ hasText: 'Posted By' }).first();
      await settings.locator('.ant-tree-treenode').filter({ hasText: /^Posted By$/ }).locator('.ant-tree-checkbox').click();
      await expect(header(page, 'Posted By')).toBeVisible();
      await expect
        .poll(async () => ((await (await request.get('/api/Preferences/GetTableColumns?table=product-deals', { headers })).json()) as { columns: Record<string, { show: boolean }> | null }).columns?.addedBy?.show)
        .toBe(true);
      await page.reload();
      await expect(header(page, 'Posted By')).toBeVisible();
    } finally {
      await request.put('/api/Preferences/SaveTableColumns', { headers, data: { table: 'product-deals', columns: null } });
    }
  });
});

test('every table has its jump-to-page box, one page or many', async ({ page, signIn }) => {
  await signIn('admin');
  for (const path of [ADMIN_PATHS.productCategories, '/cms/management/blogs']) {
    await page.goto(path);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Go to page (1 to 1)' })).toBeVisible();
  }
});

test.describe('the users table on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the whole Username column without scrolling', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/admin/management/users');
    const box = await table(page).locator('.ant-table-content, .ant-table-body').first().boundingBox();
    const username = await header(page, 'Username').boundingBox();
    expect(box && username).toBeTruthy();
    expect(username!.x + username!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    // The row actions are icons with their names.
    await expect(page.getByRole('button', { name: 'View admin' })).toBeVisible();
  });
});

test('the featured section screens have the footer bar: Return to Listing, Cancel, Create or Save Changes', async ({ page, signIn, request }) => {
  const admin = await signIn('admin');
  await page.goto(ADMIN_PATHS.newSection);
  const footer = page.locator('.deals-form-footer');
  await expect(footer.getByRole('link', { name: /Return to Listing/ })).toBeVisible();
  await expect(button(footer, 'Cancel')).toBeVisible();
  await expect(button(footer, 'Create')).toBeVisible();
  const [section] = (await (await request.get('/api/FeaturedSection/GetAllFeaturedSections?isActive=', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { id: number }[];
  await page.goto(`/admin/management/featured-section/edit/${section!.id}`);
  await expect(footer.getByRole('link', { name: /Return to Listing/ })).toBeVisible();
  await expect(button(footer, 'Cancel')).toBeVisible();
  await expect(button(footer, 'Save Changes')).toBeVisible();
  await footer.getByRole('link', { name: /Return to Listing/ }).click();
  await expect(page).toHaveURL('/admin/management/featured-sections');
});
