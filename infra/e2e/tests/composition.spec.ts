import { expect, test } from '@playwright/test';
import { watch } from './support/network';
import { seedSession } from './support/session';
import { PORTS } from './support/servers';
import { loadedProviders } from './support/federation';

test.describe('run-time composition', () => {
  test('/home renders through remote-public and downloads no admin remote', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Work Hard. Shop Harder.' })).toBeVisible();
    // Real data from the API through the public remote: the demo stores' logos are listed.
    await expect(page.getByRole('heading', { name: 'Shop by Store' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Store logos' }).getByRole('link').first()).toBeAttached();
    await page.waitForLoadState('networkidle');

    // The server-rendered page names the exact remoteEntry.js of the build that rendered it.
    expect(seen.fromRemote('public').some((url) => /\/remoteEntry\.js$/.test(new URL(url).pathname))).toBe(true);
    expect(seen.fromRemote('catalog')).toEqual([]);
    expect(seen.fromRemote('cms')).toEqual([]);
    expect(seen.fromRemote('notifications')).toEqual([]);
    expect(seen.errors).toEqual([]);
    // antd (about 440 KB gzip as a shared module) is never loaded for a visitor.
    expect(await loadedProviders(page, 'antd')).toEqual([]);
    expect(new Set(await loadedProviders(page, 'react'))).toEqual(new Set(['deals_shell']));
  });

  test('/ redirects to /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('/login renders from the shell without loading any remote', async ({ page }) => {
    const seen = watch(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.requests.filter((url) => new URL(url).pathname.startsWith('/remotes/'))).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  test('an admin route without a session redirects to /login', async ({ page }) => {
    await page.goto('/admin/management/stores');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a remote is fetched only when one of its routes is visited', async ({ page }) => {
    await seedSession(page, 'admin');
    const seen = watch(page);
    await page.goto('/admin/management/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.requests.filter((url) => new URL(url).pathname.startsWith('/remotes/'))).toEqual([]);

    await page.getByRole('link', { name: 'Stores' }).click();
    await expect(page).toHaveURL(/\/admin\/management\/stores$/);
    await expect(page.getByRole('heading', { name: 'Stores' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(seen.fromRemote('catalog').some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
    expect(seen.fromRemote('cms')).toEqual([]);
    expect(seen.fromRemote('notifications')).toEqual([]);
    expect(seen.fromRemote('public')).toEqual([]);
    expect(seen.errors).toEqual([]);
  });

  test('the shell and a remote read the same session atom', async ({ page }) => {
    await seedSession(page, 'admin');
    await page.goto('/admin/management/stores');
    // The shell's top bar and the catalog remote both read the session the shell validated.
    await expect(page.getByText('Signed in as admin')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stores' })).toBeVisible();

    // One instance of the session package, jotai and React serves both bundles.
    for (const pkg of ['@deals/shared-auth', 'jotai', 'react', 'antd']) {
      expect(new Set(await loadedProviders(page, pkg)).size, pkg).toBe(1);
    }

    // Logging out in the shell clears the atom the remote was reading: the guard sends us to sign in.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('auth') ?? '{}').authToken)).toBeNull();
  });

  test('a non-admin reaching the stores screen is told it is for admins', async ({ page }) => {
    await seedSession(page, 'staff');
    await page.goto('/admin/management/stores');
    await expect(page.getByText('Signed in as e2e-staff')).toBeVisible();
    await expect(page.getByText('Only admins can manage stores.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Stores' })).toHaveCount(0);
  });

  test('Retry loads a remote that failed the first time', async ({ page }) => {
    await seedSession(page, 'admin');
    let failing = true;
    await page.route('**/remotes/catalog/**', (route) => (failing ? route.abort('connectionrefused') : route.continue()));
    await page.goto('/admin/management/stores');
    await expect(page.getByRole('alert')).toContainText('This part of the site is unavailable right now');
    failing = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Stores' })).toBeVisible();
  });
});

test.describe('a remote that is down', () => {
  test.use({ baseURL: `http://127.0.0.1:${PORTS.deadCatalog}` });

  test('shows the fallback with Retry while /home keeps working', async ({ page }) => {
    await seedSession(page, 'admin');
    await page.goto('/admin/management/stores');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This part of the site is unavailable right now');
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The admin frame around it still works.
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Work Hard. Shop Harder.' })).toBeVisible();
  });
});
