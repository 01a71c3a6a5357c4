import type { Page } from '@playwright/test';
import { button, dialog, rowWith, tableRows, toast, uniqueName } from './support/catalog';
import { CMS_PATHS, expect, expectAccessible, fieldError, screenTitle, test } from './support/cms';

// Each test walks several admin screens (and axe over them): more than 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

// The site-wide settings of the back office, in Chromium against the real API and database: the
// company's phone and a social link (Assets and Resources), and a footer item, each seen on the
// public site. Settings a test changes are put back after it, and what it adds is deleted.

/** The site's footer (drawn only once scrolled near). */
async function footer(page: Page) {
  const shown = page.getByRole('contentinfo');
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(shown).toBeVisible({ timeout: 1000 });
  }).toPass();
  return shown;
}

test('an admin changes the company phone through its mask and the Facebook link, and the site’s header and footer show them', async ({ page, signIn, cms }) => {
  const before = await cms.keepSiteSettings();
  const { suffix } = uniqueName('E2E Settings');
  const facebook = `https://www.facebook.com/e2e${suffix}`;
  await signIn('admin');
  await page.goto(CMS_PATHS.siteSettings);
  await expect(screenTitle(page, 'Assets and Resources')).toBeVisible();
  const companyName = page.getByLabel('Company Name');
  await expect(companyName).toHaveValue(before.companyName ?? '');
  await expectAccessible(page, 'the Assets and Resources screen');
  const save = button(page, 'Save Changes');

  // §5: the company name is required; Save waits for a valid form.
  await companyName.fill('');
  await companyName.blur();
  await expect(fieldError(page, 'Company Name is required')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectAccessible(page, 'the Assets and Resources screen with a field message');
  await companyName.fill(before.companyName ?? 'DealDrop');
  await expect(fieldError(page, 'Company Name is required')).toHaveCount(0);

  // The phone mask (999) 999-9999: typed digits are formatted as they come.
  const phone = page.getByLabel('Phone Number');
  await phone.fill('');
  await phone.pressSequentially('415555019');
  await expect(phone).toHaveValue('(415) 555-019');
  await phone.blur();
  await expect(fieldError(page, 'Please enter a valid phone number such as (999) 999-9999')).toBeVisible();
  await phone.click();
  await page.keyboard.press('End');
  await page.keyboard.type('9x1');
  await expect(phone).toHaveValue('(415) 555-0199');
  await expect(fieldError(page, 'Please enter a valid phone number such as (999) 999-9999')).toHaveCount(0);

  // A link must be a web address.
  const facebookLink = page.getByLabel('Facebook Link');
  await facebookLink.fill(`facebook.com/e2e${suffix}`);
  await facebookLink.blur();
  await expect(fieldError(page, 'Please enter a valid link starting with http:// or https://')).toBeVisible();
  await expect(save).toBeDisabled();
  await facebookLink.fill(facebook);
  await expect(fieldError(page, 'Please enter a valid link starting with http:// or https://')).toHaveCount(0);

  const updated = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/Asset/UpdateAsset');
  await expect(save).toBeEnabled();
  await save.click();
  await updated;
  await expect(toast(page).first()).toContainText('Site settings updated successfully');
  // The form is loaded again with the saved values.
  await expect(page.getByLabel('Phone Number')).toHaveValue('(415) 555-0199');
  await expect(page.getByLabel('Facebook Link')).toHaveValue(facebook);
  const after = await cms.siteSettings();
  expect(after).toMatchObject({ ...before, phoneNumber: '(415) 555-0199', facebookLink: facebook });

  // The site: the header's social links and the footer's contact details and social links.
  await page.goto('/home');
  const headerSocial = page.getByRole('banner').getByRole('list', { name: 'Follow us' });
  await expect(headerSocial.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', facebook);
  const siteFooter = await footer(page);
  const call = siteFooter.getByRole('link', { name: '(415) 555-0199' });
  await expect(call).toHaveAttribute('href', 'tel:4155550199');
  await expect(siteFooter.getByRole('list', { name: 'Follow us' }).getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', facebook);
});

test('an admin adds a footer item in its modal (label and link are required) and the site’s footer links to it', async ({ page, signIn, cms }) => {
  const { name: label } = uniqueName('E2E Footer');
  await signIn('admin');
  await page.goto(CMS_PATHS.footerItems);
  await expect(screenTitle(page, 'Footer Items')).toBeVisible();
  await expect(tableRows(page).first()).toBeVisible();
  const count = await tableRows(page).count();
  await expectAccessible(page, 'the Footer Items screen');

  await page.getByRole('button', { name: /Add Footer Item/ }).click();
  const modal = dialog(page, 'Add Footer Item');
  const add = button(modal, 'Add Footer Item');
  await expect(add).toBeDisabled();
  const labelField = modal.getByLabel('Label');
  const linkField = modal.getByLabel('Link');
  await labelField.click();
  await linkField.click();
  await labelField.click();
  await expect(fieldError(modal, 'Footer label is required')).toBeVisible();
  await expect(fieldError(modal, 'Link is required')).toBeVisible();
  await expectAccessible(page, 'the Add Footer Item modal with its messages');

  // The label stops at its 250 characters.
  await labelField.fill('x'.repeat(260));
  await expect(labelField).toHaveValue('x'.repeat(250));
  await labelField.fill(label);
  // A script link is refused.
  await linkField.fill('javascript:alert(1)');
  await expect(fieldError(modal, 'Please enter a link that starts with /, http://, https://, mailto: or tel:')).toBeVisible();
  await expect(add).toBeDisabled();
  await linkField.fill('/blogs-and-reviews');
  await expect(fieldError(modal, 'Please enter a link that starts with /, http://, https://, mailto: or tel:')).toHaveCount(0);
  await expect(add).toBeEnabled();
  await add.click();
  await expect(toast(page).first()).toContainText('Footer item created successfully');
  await expect(modal).toBeHidden();
  await expect(tableRows(page)).toHaveCount(count + 1);
  await expect(rowWith(page, label)).toContainText('/blogs-and-reviews');
  expect((await cms.footerItems()).at(-1)).toMatchObject({ label, to: '/blogs-and-reviews' });
  expect(await cms.createdIds('footerItem')).toHaveLength(1);

  // The site: the footer's Company column ends with it, and it opens the page it names.
  await page.goto('/home');
  const company = (await footer(page)).getByRole('navigation', { name: 'Company' });
  await expect(company.getByRole('link').last()).toHaveText(label);
  await company.getByRole('link', { name: label }).click();
  await expect(page).toHaveURL('/blogs-and-reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
});
