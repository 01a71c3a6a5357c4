import { ADMIN } from './support/session';
import { api, DESKTOP, expect, test } from './support/public';

// A few minutes' proof that a build works end to end: the visitor's home and a deal page render
// from the server, and an admin signs in. `npm test` runs it again on another Node major (the
// Node 24 leg), with that major first on PATH for the servers and this runner alike.

test.use({ viewport: DESKTOP });

test('runs on the Node major the leg asked for', () => {
  const wanted = process.env.EXPECT_NODE_MAJOR;
  test.skip(!wanted, 'only the legs that name a Node major check it');
  expect(process.versions.node.split('.')[0]).toBe(wanted);
});

test('home renders its featured deals and the call to action', async ({ page, request }) => {
  const info = await api.siteInfo(request);
  await page.goto('/home');
  const slides = info.featuredSections.filter((section) => section.imageFilePath);
  await expect(page.getByRole('region', { name: 'Featured deals' }).getByRole('group')).toHaveCount(slides.length);
  await expect(page.getByRole('heading', { level: 2, name: 'Work Hard. Shop Harder.' })).toBeVisible();
});

test('a deal page shows the deal and its way out', async ({ page, request }) => {
  const [deal] = await api.searchDeals(request);
  expect(deal, 'a demo deal').toBeDefined();
  const response = await page.goto(`/deal/details/${deal!.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: deal!.name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Product Deal' })).toHaveAttribute('href', `/out/${deal!.id}`);
});

test('an admin signs in with the form and reaches the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
