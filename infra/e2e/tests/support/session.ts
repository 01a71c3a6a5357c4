import type { APIRequestContext, Page } from '@playwright/test';

/** The first admin of the e2e servers (see playwright.config.ts: ADMIN_PASSWORD). */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };
/** An ordinary staff member, registered by the admin on first use. */
export const STAFF = { username: 'e2e-staff', password: 'e2e-staff-password' };

interface SignInResponse {
  token: string;
  refreshToken: string;
  isAdmin: boolean;
  [field: string]: unknown;
}

async function authenticate(request: APIRequestContext, user: { username: string; password: string }): Promise<SignInResponse | null> {
  const res = await request.post('/api/Users/Authenticate', { data: { email: user.username, password: user.password } });
  return res.ok() ? ((await res.json()) as SignInResponse) : null;
}

/** Signs in through the real API (registering the staff member first when needed). */
async function signInThroughApi(request: APIRequestContext, who: 'admin' | 'staff'): Promise<SignInResponse> {
  if (who === 'admin') {
    const admin = await authenticate(request, ADMIN);
    if (!admin) throw new Error('the e2e admin could not sign in');
    return admin;
  }
  const existing = await authenticate(request, STAFF);
  if (existing) return existing;
  const admin = await signInThroughApi(request, 'admin');
  const registered = await request.post('/api/Users/Register', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { username: STAFF.username, fullName: 'E2E Staff', email: 'e2e-staff@example.com', password: STAFF.password, confirmPassword: STAFF.password, isActive: true, isAdmin: false },
  });
  if (!registered.ok()) throw new Error(`registering the e2e staff member failed: ${registered.status()} ${await registered.text()}`);
  const staff = await authenticate(request, STAFF);
  if (!staff) throw new Error('the e2e staff member could not sign in');
  return staff;
}

/**
 * Puts a real session (signed in through `Users/Authenticate`) in localStorage under `auth`, as
 * the login page would, before any page script runs.
 */
export async function seedSession(page: Page, who: 'admin' | 'staff'): Promise<void> {
  const { token, refreshToken, ...user } = await signInThroughApi(page.request, who);
  const session = { user, authToken: token, refreshToken, isAdmin: user.isAdmin };
  // Once per tab (the flag lives in sessionStorage): later navigations see whatever the app did
  // with the session since, as they would after a real sign-in.
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-seeded')) return;
    window.sessionStorage.setItem('e2e-seeded', 'yes');
    window.localStorage.setItem('auth', value);
  }, JSON.stringify(session));
}
