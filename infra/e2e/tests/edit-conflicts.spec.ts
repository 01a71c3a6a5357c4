import type { Browser, Page } from '@playwright/test';
import { ADMIN_PATHS, button, CatalogApi, expect, test, uniqueName, type SignedIn } from './support/catalog';

// Two staff members edit the same deal in two browsers: the second save is refused, says who
// changed the deal and when, and Reload and compare shows both versions so nothing is lost.

test.describe.configure({ timeout: 90_000 });

/** A browser of its own (separate storage) signed in as `who`, as the login page would leave it. */
async function browserOf(browser: Browser, baseURL: string, who: SignedIn): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const { token, refreshToken, ...user } = who;
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-seeded')) return;
    window.sessionStorage.setItem('e2e-seeded', 'yes');
    window.localStorage.setItem('auth', value);
  }, JSON.stringify({ user, authToken: token, refreshToken, isAdmin: user.isAdmin }));
  return page;
}

/** A text field by its label (its accessible name carries the required mark: "* Product Name"). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}$`) });

async function openDeal(page: Page, dealId: number, name: string): Promise<void> {
  await page.goto(ADMIN_PATHS.editDeal(dealId));
  await expect(field(page, 'Product Name')).toHaveValue(name);
}

test('a stale deal save shows who changed it and when; reload and compare keeps both edits', async ({ browser, request, sessions, catalog, baseURL }) => {
  const admin = await sessions.admin();
  const staff = await sessions.staff();
  const { name: deal, suffix } = uniqueName('E2E Conflict Deal');
  const storeId = await catalog.createStore(`E2E Store ${suffix}`);
  const productTypeId = await catalog.createProductType(`E2E Category ${suffix}`);
  // Added by the staff member, so both the owner and an admin may edit it.
  const owner = new CatalogApi(request, staff.token);
  const dealId = await owner.createDeal({ name: deal, storeId, productTypeIds: [productTypeId], promoCode: 'OLD' });
  const adminName = ((await (await request.get(`/api/Users/GetUser?id=${admin.id}`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as { fullName: string }).fullName;

  const adminPage = await browserOf(browser, baseURL!, admin);
  const staffPage = await browserOf(browser, baseURL!, staff);
  try {
    await openDeal(adminPage, dealId, deal);
    await openDeal(staffPage, dealId, deal);

    // The admin saves first: a new promo code and a new name.
    await field(adminPage, 'Promo Code').fill('ADMIN10');
    await field(adminPage, 'Product Name').fill(`${deal} (admin)`);
    await button(adminPage, 'Save Changes').click();
    await expect(adminPage).toHaveURL(new RegExp(`${ADMIN_PATHS.deals}$`));

    // The staff member, still on the old version, renames it too and saves.
    await field(staffPage, 'Product Name').fill(`${deal} (staff)`);
    await button(staffPage, 'Save Changes').click();
    const conflict = staffPage.getByRole('dialog', { name: 'This record was changed' });
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText(`${adminName} changed this record at`);
    await expect(conflict).toContainText('Your changes were not saved.');
    expect((await owner.deal(dealId)).name).toBe(`${deal} (admin)`);

    await conflict.getByRole('button', { name: 'Reload and compare' }).click();
    const compare = staffPage.getByRole('dialog', { name: 'Your changes and the latest version' });
    await expect(compare).toBeVisible();
    const nameRow = compare.getByRole('row').filter({ hasText: 'Product Name' });
    await expect(nameRow).toContainText(`${deal} (staff)`);
    await expect(nameRow).toContainText(`${deal} (admin)`);
    await expect(compare.getByRole('row').filter({ hasText: 'Promo Code' })).toContainText('ADMIN10');
    // The form now shows the latest version.
    await expect(field(staffPage, 'Product Name')).toHaveValue(`${deal} (admin)`);
    await expect(field(staffPage, 'Promo Code')).toHaveValue('ADMIN10');

    // Nothing lost: the staff member's name goes back in, the admin's promo code stays.
    await compare.getByRole('button', { name: 'Use my Product Name' }).click();
    await compare.getByRole('button', { name: 'Done' }).click();
    await expect(field(staffPage, 'Product Name')).toHaveValue(`${deal} (staff)`);
    await button(staffPage, 'Save Changes').click();
    await expect(staffPage).toHaveURL(new RegExp(`${ADMIN_PATHS.deals}$`));
    const saved = await owner.deal(dealId);
    expect(saved.name).toBe(`${deal} (staff)`);
    expect((saved as typeof saved & { promoCode: string | null }).promoCode).toBe('ADMIN10');
  } finally {
    await adminPage.context().close();
    await staffPage.context().close();
    await owner.cleanUp();
  }
});
