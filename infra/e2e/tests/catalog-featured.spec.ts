import { ADMIN_PATHS, button, dialog, expect, expectNoSeriousAdminA11yViolations, pngFile, rowWith, test, toast } from './support/catalog';
import { literal } from './support/public';

// Each test walks several admin screens (and axe over them): more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

// A featured section made in the back office, filled with a new deal through Add Deals, and shown
// on the site, in Chromium against the real API. What the test makes is deleted after it.

const EDIT_URL = /\/admin\/management\/featured-section\/edit\/(\d+)$/;

test('an admin creates a featured section with an image, adds a new deal to it, and the site shows the section with the deal', async ({ page, signIn, catalog }) => {
  const { dealId, deal, suffix } = await catalog.createDealWithOwnCatalog('E2E Featured');
  const section = `E2E Section ${suffix}`;
  await signIn('admin');
  await page.goto(ADMIN_PATHS.newSection);
  await expect(page.getByRole('heading', { level: 2, name: 'New Featured Section' })).toBeVisible();
  await expectNoSeriousAdminA11yViolations(page, 'the New Featured Section form');

  // A new section needs an image: the click says so and sends nothing.
  await page.getByLabel('Feature Section Name').fill(section);
  const create = button(page, 'Create');
  await expect(create).toBeEnabled();
  await create.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please upload an Image' })).toBeVisible();
  await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: 'Please upload an Image' })).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles(pngFile('section.png'));
  await expect(page.getByRole('img', { name: 'Image preview' })).toBeVisible();
  await create.click();
  await expect(page).toHaveURL(EDIT_URL);
  const sectionId = catalog.track('section', Number(EDIT_URL.exec(page.url())![1]));
  await expect(toast(page)).toContainText('Featured Section created successfully');
  await expect(page.getByRole('heading', { level: 2, name: 'Featured Section Details' })).toBeVisible();
  await expect(page.getByLabel('Feature Section Name')).toHaveValue(section);
  const deals = page.locator('.featured-section-deals');
  await expect(deals).toContainText('No deals in this section yet.');

  // Add Deals: searches from 3 typed characters; the new deal is found by its name's suffix.
  await deals.getByRole('button', { name: 'Add Deals' }).click();
  const modal = dialog(page, 'Add Deals');
  const search = modal.getByLabel('Search deals');
  await search.fill(suffix.slice(0, 2));
  await expect(modal).toContainText('Type at least 3 characters to search deals');
  await search.fill(suffix);
  const found = modal.getByRole('list', { name: 'Deals found' });
  await expect(found.getByRole('checkbox')).toHaveCount(1);
  await found.getByRole('checkbox', { name: deal }).check();
  await expect(modal).toContainText('1 selected');
  await button(modal, 'Add Deals').click();
  await expect(toast(page)).toContainText('1 deal added to the featured section');
  await expect(modal).toBeHidden();
  await expect(rowWith(deals, deal)).toHaveCount(1);
  await expect(rowWith(deals, deal).getByRole('link', { name: `View ${deal}` })).toHaveAttribute('href', ADMIN_PATHS.editDeal(dealId));
  expect((await catalog.section(sectionId)).products.map((product) => product.id)).toEqual([dealId]);
  await expectNoSeriousAdminA11yViolations(page, 'the featured section’s edit screen');

  // The site: the home page's banner carousel offers the section, whose page lists the deal.
  await page.goto('/home');
  const slide = page.getByRole('region', { name: 'Featured deals' }).getByRole('link', { name: new RegExp(literal(section)) });
  await expect(slide).toHaveAttribute('href', new RegExp(`^/deals/[a-z0-9-]+/${sectionId}$`));
  await page.goto((await slide.getAttribute('href'))!);
  await expect(page).toHaveTitle(new RegExp(`^${literal(section)} deals and promo codes \\|`));
  await expect(page.getByRole('checkbox', { name: section })).toBeChecked();
  await expect(page.locator('.deals-results .deal-card__name')).toHaveText([deal]);
});
