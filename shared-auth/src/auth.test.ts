import { signIn, signOut } from './auth';
import { navigation } from './http';
import { clearSession, currentSession, emptySession, setSession, SESSION_STORAGE_KEY } from './session';
import { serveFakeApi, unsignedToken } from './testing';

beforeEach(() => {
  clearSession();
  localStorage.clear();
  navigation.assign = () => undefined;
});

describe('signIn', () => {
  it('sends the username as email and stores user, tokens and the admin flag from the token', async () => {
    const token = unsignedToken({ sub: '1', IsAdmin: 'True' });
    const calls = serveFakeApi(() => ({ status: 200, data: { id: 1, username: 'admin', firstName: 'Site', lastName: 'Admin', isAdmin: false, token, refreshToken: 'r-1' } }));
    await signIn('admin', 'secret-password');
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'Users/Authenticate', body: { email: 'admin', password: 'secret-password' } });
    // isAdmin follows the token's claim, not the body's field.
    expect(currentSession()).toEqual({ user: { id: 1, username: 'admin', firstName: 'Site', lastName: 'Admin', isAdmin: false }, authToken: token, refreshToken: 'r-1', isAdmin: true });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ authToken: token, isAdmin: true });
  });

  it('treats any claim other than the text True as not admin', async () => {
    for (const claim of ['False', true, 'true', undefined]) {
      const token = unsignedToken({ sub: '2', IsAdmin: claim });
      serveFakeApi(() => ({ status: 200, data: { id: 2, username: 'ann', token, refreshToken: 'r' } }));
      await signIn('ann', 'password1');
      expect(currentSession().isAdmin).toBe(false);
    }
  });

  it('stores nothing when the API refuses', async () => {
    serveFakeApi(() => ({ status: 401, data: { message: 'Invalid username or password.' } }));
    await expect(signIn('ann', 'wrong-password')).rejects.toMatchObject({ response: { status: 401 } });
    expect(currentSession()).toEqual(emptySession);
  });
});

describe('signOut', () => {
  it('resets everything and ends the refresh token on the server', async () => {
    setSession({ id: 2, username: 'ann' }, unsignedToken({ sub: '2' }), 'r-9');
    const calls = serveFakeApi(() => ({ status: 200, data: { message: 'Signed out successfully' } }));
    await signOut();
    expect(currentSession()).toEqual(emptySession);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(emptySession);
    expect(calls.map((c) => [c.url, c.body])).toEqual([['Users/Logout', { refreshToken: 'r-9' }]]);
  });

  it('still signs out when the API cannot be reached', async () => {
    setSession({ id: 2, username: 'ann' }, unsignedToken({ sub: '2' }), 'r-9');
    serveFakeApi(() => ({ status: 503 }));
    await signOut();
    expect(currentSession()).toEqual(emptySession);
  });
});
