import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, seedSession } from './support/session';

// Two-factor sign-in in Chromium against the real API: an admin requires it for all staff, a
// staff member is led through set-up at sign-in, signs in again with password and code, and
// ends another session from the Security page.

const PASSWORD = 'two-factor-staff-password';
const username = `tf-staff-${Date.now().toString(36)}`;

/** The code an authenticator shows `offset` steps from now (each step signs in once). */
const codeAt = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + offset * 30_000 });

let adminToken = '';

async function api(request: APIRequestContext, method: 'post' | 'put', url: string, data: object, token = adminToken) {
  const res = await request[method](`/api/Users/${url}`, { data, headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

async function signInWithForm(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('two-factor sign-in', () => {
  test.beforeAll(async ({ request }) => {
    // Signed in before the setting goes on, so the clean-up can always turn it off again.
    adminToken = (await api(request, 'post', 'Authenticate', { email: ADMIN.username, password: ADMIN.password }, '')).token;
    await api(request, 'post', 'Register', { username, fullName: 'Two Factor', email: `${username}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, isActive: true, isAdmin: false });
  });
  test.afterAll(async ({ request }) => {
    await api(request, 'put', 'SecuritySettings', { requireTwoFactor: false });
  });

  test('required for all staff: set-up at sign-in, then password and code; sessions listed and ended', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    await seedSession(page, 'admin');
    await page.goto('/admin/management/users');
    const requireAll = page.getByRole('switch', { name: 'Require two-factor for all staff' });
    await expect(requireAll).toBeEnabled();
    await expect(requireAll).toHaveAttribute('aria-checked', 'false');
    await requireAll.click();
    await expect(page.getByText('Security settings saved')).toBeVisible();
    await expect(requireAll).toHaveAttribute('aria-checked', 'true');

    const context = await browser.newContext();
    const staff = await context.newPage();
    await signInWithForm(staff);
    await expect(staff.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await expect(staff.locator('.ant-qrcode')).toBeVisible();
    const secret = ((await staff.getByTestId('two-factor-secret').innerText()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await staff.getByLabel('Code').fill(codeAt(secret));
    await staff.getByRole('button', { name: 'Confirm' }).click();
    const codeItems = staff.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codeItems).toHaveCount(10);
    const codes = (await codeItems.allInnerTexts()).map((code) => code.trim());
    await staff.getByRole('button', { name: 'Continue' }).click();
    await expect(staff).toHaveURL(/\/admin\/management\/dashboard$/);

    await staff.getByRole('button', { name: 'Logout' }).click();
    await expect(staff).toHaveURL(/\/login$/);
    await signInWithForm(staff);
    await expect(staff.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    // The next step's code: the current one was spent by the set-up.
    await staff.getByLabel('Code').fill(codeAt(secret, 1));
    await staff.getByRole('button', { name: 'Verify' }).click();
    await expect(staff).toHaveURL(/\/admin\/management\/dashboard$/);

    // A second session (another device), signed in with a recovery code through the API.
    const challenge = (await api(request, 'post', 'Authenticate', { email: username, password: PASSWORD }, '')).challenge as string;
    expect(challenge).toBeTruthy();
    const other = await api(request, 'post', 'VerifyTwoFactor', { challenge, code: codes[0] }, '');

    await staff.getByRole('button', { name: 'Security' }).click();
    await expect(staff).toHaveURL(/\/admin\/account\/security$/);
    const rows = staff.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await rows.filter({ hasNotText: 'This device' }).getByRole('button', { name: /^End session/ }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'End', exact: true }).click();
    await expect(rows).toHaveCount(1);
    // The ended session's tokens stop working at once.
    expect((await request.get('/api/Users/Sessions', { headers: { authorization: `Bearer ${other.token}` } })).status()).toBe(401);
    expect((await request.post('/api/Users/refreshToken', { data: { refreshToken: other.refreshToken } })).status()).toBe(401);
    await context.close();
  });
});
