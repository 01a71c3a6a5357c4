import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
// Through the package name, not './session': in a federated build this module is its own shared
// chunk (`@deals/shared-auth/client`), and a relative import would give it a private session copy.
import { clearSession, currentSession, runtimeConfig, setSession, type SessionUser } from '@deals/shared-auth';
import { loadLatest, trackRecordVersions, type RecordRef } from './record-versions';

const AUTHENTICATE_PATH = 'Users/Authenticate';
const REFRESH_PATH = 'Users/refreshToken';

interface RefreshResponse {
  success?: boolean;
  message?: string;
  user?: SessionUser & { token?: string; refreshToken?: string };
}

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

/** Where the browser goes when the session ends or a call is forbidden; replaceable in tests. */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

let refreshing: Promise<string | null> | null = null;

/**
 * Exchanges the refresh token for a new session once, however many calls failed with 401 at the
 * same time: they all wait for the same refresh and retry with its token.
 */
function refreshOnce(client: AxiosInstance): Promise<string | null> {
  refreshing ??= (async () => {
    const { refreshToken } = currentSession();
    if (!refreshToken) return null;
    try {
      const { data } = await client.post<RefreshResponse>(REFRESH_PATH, { refreshToken }, { skipAuthRefresh: true });
      const user = data.user;
      if (!data.success || !user?.token || !user.refreshToken) return null;
      const { token, refreshToken: nextRefresh, ...rest } = user;
      setSession(rest as SessionUser, token, nextRefresh);
      return token;
    } catch {
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on calls whose 401 must not trigger a refresh (sign-in, the refresh itself). */
    skipAuthRefresh?: boolean;
  }
}

function createApiClient(): AxiosInstance {
  // Arrays go as the repeated parameter (`storeIds=1&storeIds=2`), as the API reads them.
  const client = axios.create({ headers: { Accept: 'application/json' }, paramsSerializer: { indexes: null } });

  client.interceptors.request.use((config) => {
    // Read per request: the base comes from run-time config and the token changes on refresh.
    config.baseURL = `${runtimeConfig().apiBase}/`;
    const { authToken } = currentSession();
    if (authToken && !config.headers.Authorization) config.headers.Authorization = `Bearer ${authToken}`;
    return config;
  });
  trackRecordVersions(client);

  client.interceptors.response.use(undefined, async (error: AxiosError) => {
    const config = error.config as RetriableConfig | undefined;
    const status = error.response?.status;
    const isAuthCall = config?.url?.includes(AUTHENTICATE_PATH) ?? false;
    if (status === 401 && config && !config.skipAuthRefresh && !isAuthCall && !config._retried) {
      const token = await refreshOnce(client);
      if (token) {
        config._retried = true;
        config.headers.Authorization = `Bearer ${token}`;
        return client.request(config);
      }
      clearSession();
      navigation.assign('/login');
    } else if (status === 403) {
      navigation.assign('/');
    }
    throw error;
  });

  return client;
}

/** The API client every screen uses: API base, bearer token, one refresh-and-retry on 401. */
export const api = createApiClient();

/**
 * Replaces the session with a refreshed one; resolves to the new access token, or null when the
 * refresh token was refused (the caller decides whether that ends the session).
 */
export function refreshSession(): Promise<string | null> {
  return refreshOnce(api);
}

/** Reads a record's latest version (remembering its ETag for the next save); null when the API has no read of one such record. */
export function loadLatestRecord<T = unknown>(ref: RecordRef): Promise<T | null> {
  return loadLatest<T>(api, ref);
}
