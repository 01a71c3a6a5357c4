import { expect, test, type Page } from '@playwright/test';
import { ADMIN, seedSession } from './support/session';

// Sign-in, the admin frame by role, user management and the session's life cycle, in Chromium
// against the real API.

const EMPTY_SESSION = { user: null, authToken: null, refreshToken: null, isAdmin: false };

interface StoredSession {
  user: { username: string } | null;
  authToken: string | null;
  refreshToken: string | null;
  isAdmin: boolean;
}

const storedSession = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('auth') ?? 'null') as StoredSession | null);

async function signInWithForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const menuEntries = (page: Page) => page.getByRole('menu').getByRole('menuitem').allInnerTexts();

test.describe('admin session', () => {
  test('an admin signs in with the form, sees every entry, and Logout clears the session', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Featured Sections', 'Deals and Promo Codes', 'Needs attention', 'Stores', 'Product Categories', 'Commissions', 'Feeds', 'Review queue', 'Users', 'Push Notifications', 'Email Sends', 'Audit Log', 'Website Management']);
    expect(await storedSession(page)).toMatchObject({ user: { username: 'admin' }, isAdmin: true, authToken: expect.any(String), refreshToken: expect.any(String) });

    await page.getByRole('menuitem', { name: /Website Management/ }).click();
    await expect(page.getByRole('dialog', { name: 'Website Management' }).getByRole('link')).toHaveText(['Menu Items', 'Pages', 'Blogs', 'Content Sections', 'Assets and Resources', 'Footer Items']);
    await page.keyboard.press('Escape');

    const { refreshToken } = (await storedSession(page)) ?? {};
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual(EMPTY_SESSION);
    // The refresh token was ended on the server too.
    await expect.poll(async () => (await page.request.post('/api/Users/refreshToken', { data: { refreshToken } })).status()).toBe(401);
    // The admin area is closed again.
    await page.goto('/admin/management/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server message', async ({ page }) => {
    await signInWithForm(page, 'nobody-here', 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('staff who are not admins see four entries and no user management', async ({ page }) => {
    await seedSession(page, 'staff');
    await page.goto('/admin/management/users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    expect(await menuEntries(page)).toEqual(['Dashboard', 'Featured Sections', 'Deals and Promo Codes', 'Needs attention', 'Review queue', 'Users']);
    const ownRow = page.getByRole('row').filter({ hasText: 'e2e-staff' });
    await expect(ownRow.getByRole('button', { name: /Reset Password/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Reset Password/ })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Add New User/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^View/ })).toHaveCount(0);
  });

  test('an admin adds a user, who resets their own password and signs in with it', async ({ page }) => {
    const username = `e2e-user-${Date.now()}`;
    await seedSession(page, 'admin');
    await page.goto('/admin/management/users');
    await page.getByRole('button', { name: /Add New User/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Full Name').fill('Casey Example');
    await dialog.getByLabel('Email').fill(`${username}@example.com`);
    await dialog.getByLabel('Phone').pressSequentially('5551234567');
    await expect(dialog.getByLabel('Phone')).toHaveValue('(555) 123-4567');
    await dialog.getByLabel('Password', { exact: true }).fill('first-password');
    await dialog.getByLabel('Confirm Password', { exact: true }).fill('first-password');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('status')).toHaveText('User registered successfully');
    const row = page.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText('Casey Example');
    await expect(row).toContainText('YesNo');

    // View opens Edit User with the stored values.
    await row.getByRole('button', { name: /View/ }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Username')).toHaveValue(username);
    await expect(edit.getByLabel('Username')).toBeDisabled();
    await expect(edit.getByLabel('Phone')).toHaveValue('(555) 123-4567');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInWithForm(page, username, 'first-password');
    await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('row').filter({ hasText: username }).getByRole('button', { name: /Reset Password/ }).click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByLabel('Old Password', { exact: true }).fill('first-password');
    await reset.getByLabel('New Password', { exact: true }).fill('second-password');
    await reset.getByLabel('Confirm New Password', { exact: true }).fill('second-password');
    await reset.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('status')).toContainText('Password changed successfully');
    // This browser stays signed in with a fresh session.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await signInWithForm(page, username, 'first-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    await signInWithForm(page, username, 'second-password');
    await expect(page).toHaveURL(/\/admin\/management\/dashboard$/);
  });

  test('an expired access token is refreshed transparently during use', async ({ page }) => {
    await seedSession(page, 'admin');
    await page.goto('/admin/management/dashboard');
    const before = await storedSession(page);
    if (!before?.authToken) throw new Error('no seeded session');
    // A token the API refuses (as it refuses an expired one) but the browser can still decode.
    const [header, payload] = before.authToken.split('.');
    const refused = `${header}.${payload}.${'A'.repeat(43)}`;
    await page.evaluate((token) => {
      const session = JSON.parse(localStorage.getItem('auth') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('auth', JSON.stringify({ ...session, authToken: token }));
    }, refused);
    const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/Users/refreshToken'));
    await page.goto('/admin/management/users');
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByRole('row').filter({ hasText: 'Administrator' })).toBeVisible();
    const after = await storedSession(page);
    expect(after?.authToken).not.toBe(refused);
    expect(after?.refreshToken).not.toBe(before.refreshToken);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a revoked refresh token lands on /login with the session cleared', async ({ page }) => {
    await seedSession(page, 'admin');
    await page.goto('/admin/management/dashboard');
    const session = await storedSession(page);
    if (!session?.authToken) throw new Error('no seeded session');
    expect((await page.request.post('/api/Users/Logout', { data: { refreshToken: session.refreshToken } })).status()).toBe(200);
    const [header, payload] = session.authToken.split('.');
    await page.evaluate((token) => {
      const stored = JSON.parse(localStorage.getItem('auth') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('auth', JSON.stringify({ ...stored, authToken: token }));
    }, `${header}.${payload}.${'A'.repeat(43)}`);
    await page.goto('/admin/management/users');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toEqual(EMPTY_SESSION);
  });
});
