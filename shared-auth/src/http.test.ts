import { AxiosError, AxiosHeaders } from 'axios';
import { api, navigation } from './http';
import { clearSession, currentSession, setSession, SESSION_STORAGE_KEY } from './session';
import { serveFakeApi, unsignedToken } from './testing';

const token = (name: string, admin = false) => unsignedToken({ unique_name: name, IsAdmin: admin ? 'True' : 'False' });
const serve = serveFakeApi;

const visited: string[] = [];
beforeEach(() => {
  visited.length = 0;
  navigation.assign = (url) => void visited.push(url);
  localStorage.clear();
  setSession({ id: 7, username: 'ann' }, token('ann'), 'refresh-1');
});

describe('the API client', () => {
  it('sends the bearer token under the configured API base', async () => {
    window.__DEALS_CONFIG__ = { apiBase: 'https://api.example.test/api/' };
    const calls = serve(() => ({ status: 200, data: [] }));
    await api.get('Category/GetAllCategories');
    expect(calls[0]?.auth).toBe(`Bearer ${token('ann')}`);
    expect(api.getUri({ url: 'x', baseURL: `${'https://api.example.test/api'}/` })).toBe('https://api.example.test/api/x');
    delete window.__DEALS_CONFIG__;
  });

  it('persists the session in localStorage under auth', () => {
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toMatchObject({ user: { username: 'ann' }, refreshToken: 'refresh-1', isAdmin: false });
  });

  it('refreshes once for concurrent 401s, then retries each call with the new token', async () => {
    const fresh = token('ann', true);
    const calls = serve((config) => {
      if (config.url === 'Users/refreshToken') {
        return { status: 200, data: { success: true, message: 'ok', user: { id: 7, username: 'ann', token: fresh, refreshToken: 'refresh-2' } } };
      }
      const auth = AxiosHeaders.from(config.headers).get('Authorization');
      return auth === `Bearer ${fresh}` ? { status: 200, data: config.url } : { status: 401, data: { message: 'expired' } };
    });

    const results = await Promise.all([api.get('Product/GetAllProducts'), api.get('Users/GetAllUsers'), api.get('Category/GetAllCategories')]);

    expect(results.map((r) => r.data)).toEqual(['Product/GetAllProducts', 'Users/GetAllUsers', 'Category/GetAllCategories']);
    const refreshes = calls.filter((c) => c.url === 'Users/refreshToken');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(currentSession()).toMatchObject({ authToken: fresh, refreshToken: 'refresh-2', isAdmin: true });
    expect(visited).toEqual([]);
  });

  it('clears the session and goes to /login when the refresh fails', async () => {
    serve((config) => (config.url === 'Users/refreshToken' ? { status: 401, data: { message: 'revoked' } } : { status: 401 }));
    await expect(api.get('Users/GetAllUsers')).rejects.toMatchObject({ response: { status: 401 } });
    expect(currentSession().authToken).toBeNull();
    expect(visited).toEqual(['/login']);
  });

  it('does not refresh for a failed sign-in', async () => {
    clearSession();
    const calls = serve(() => ({ status: 401, data: { message: 'Username or password is incorrect' } }));
    await expect(api.post('Users/Authenticate', { email: 'x', password: 'y' })).rejects.toBeInstanceOf(AxiosError);
    expect(calls.map((c) => c.url)).toEqual(['Users/Authenticate']);
    expect(visited).toEqual([]);
  });

  it('retries at most once when the new token is rejected too', async () => {
    const calls = serve((config) =>
      config.url === 'Users/refreshToken'
        ? { status: 200, data: { success: true, user: { id: 7, username: 'ann', token: token('ann'), refreshToken: 'refresh-3' } } }
        : { status: 401 },
    );
    await expect(api.get('Users/GetAllUsers')).rejects.toBeInstanceOf(AxiosError);
    expect(calls.map((c) => c.url)).toEqual(['Users/GetAllUsers', 'Users/refreshToken', 'Users/GetAllUsers']);
  });

  it('sends the browser to the site root on 403', async () => {
    serve(() => ({ status: 403, data: { message: 'Forbidden' } }));
    await expect(api.delete('Product/DeleteProduct', { params: { productId: 1 } })).rejects.toBeInstanceOf(AxiosError);
    expect(visited).toEqual(['/']);
    expect(currentSession().authToken).not.toBeNull();
  });
});
