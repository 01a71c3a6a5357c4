import type { Page } from '@playwright/test';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A token the client can decode. The browser never verifies signatures (the API does), so these
 * tests of client composition use an unsigned one; API-backed flows sign in for real.
 */
export function fakeToken(claims: { username: string; isAdmin: boolean }): string {
  const payload = { nameid: '1', unique_name: claims.username, IsAdmin: claims.isAdmin ? 'True' : 'False', exp: 4_102_444_800 };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

/** Puts a session in localStorage under `auth` before any page script runs. */
export async function seedSession(page: Page, username: string, isAdmin: boolean): Promise<void> {
  const session = {
    user: { id: 1, username, firstName: 'E2E', lastName: 'User' },
    authToken: fakeToken({ username, isAdmin }),
    refreshToken: 'not-used',
    isAdmin,
  };
  await page.addInitScript((value) => window.localStorage.setItem('auth', value), JSON.stringify(session));
}
