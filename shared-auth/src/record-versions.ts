import type { AxiosInstance, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { SINGLETON_RECORD_ID, VERSIONED_CALLS, recordKey, versionedCall, type RecordType } from '@deals/contract/versions';

// The version (ETag) of every record this page has read, so that a save or delete of it says which
// version it changes (If-Match) and the API refuses it when someone else changed the record since.
// Which calls read or write which record comes from the contract, the same list the API applies.

export interface RecordRef {
  record: RecordType;
  id: number;
}

const known = new Map<string, string>();
/** Records whose next write goes through whatever their version (the conflict dialog's Overwrite). */
const overwriteNext = new Set<string>();

function paramOf(config: Pick<InternalAxiosRequestConfig, 'url' | 'params' | 'data'>, where: 'query' | 'body', name: string): unknown {
  if (where === 'query') {
    const fromParams = (config.params as Record<string, unknown> | undefined)?.[name];
    if (fromParams !== undefined) return fromParams;
    const query = (config.url ?? '').split('?')[1];
    return query ? new URLSearchParams(query).get(name) : undefined;
  }
  const data: unknown = config.data;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data.get(name);
  if (typeof data === 'string') {
    try {
      return (JSON.parse(data) as Record<string, unknown>)[name];
    } catch {
      return undefined;
    }
  }
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
}

/** The record a request reads or writes, when it is one the API versions. */
export function recordOfRequest(config: Pick<InternalAxiosRequestConfig, 'url' | 'method' | 'params' | 'data'>): RecordRef | null {
  const call = versionedCall(config.method ?? 'get', config.url ?? '');
  if (!call) return null;
  if (call.id.in === 'singleton') return { record: call.record, id: SINGLETON_RECORD_ID };
  const raw = paramOf(config, call.id.in, call.id.name);
  const id = Number(raw);
  return raw !== null && raw !== '' && Number.isSafeInteger(id) && id > 0 ? { record: call.record, id } : null;
}

const isRead = (method: string | undefined) => (method ?? 'get').toLowerCase() === 'get';

/** The version this page last saw of a record, if any. */
export function knownVersion(ref: RecordRef): string | undefined {
  return known.get(recordKey(ref.record, ref.id));
}

/** Forgets every version (sign-out, tests). */
export function forgetVersions(): void {
  known.clear();
  overwriteNext.clear();
}

/** Lets the record's next write through whatever version it has now. */
export function allowOverwrite(ref: RecordRef): void {
  overwriteNext.add(recordKey(ref.record, ref.id));
}

/** Adds If-Match to writes of records with a known version; remembers the version every answer names. */
export function trackRecordVersions(client: AxiosInstance): void {
  client.interceptors.request.use((config) => {
    if (isRead(config.method) || config.headers.has('If-Match')) return config;
    const ref = recordOfRequest(config);
    if (!ref) return config;
    const key = recordKey(ref.record, ref.id);
    if (overwriteNext.delete(key)) config.headers.set('If-Match', '*');
    else if (known.has(key)) config.headers.set('If-Match', known.get(key));
    return config;
  });
  client.interceptors.response.use((response: AxiosResponse) => {
    const ref = recordOfRequest(response.config);
    const etag: unknown = response.headers.etag;
    if (ref && typeof etag === 'string' && etag) known.set(recordKey(ref.record, ref.id), etag);
    return response;
  });
}

/** The read call of a record type and where it takes the id, when the API has one. */
function readCallOf(record: RecordType): { path: string; param: string | null } | null {
  for (const [name, call] of Object.entries(VERSIONED_CALLS)) {
    if (call.record !== record || !name.startsWith('GET ')) continue;
    return { path: name.slice(4), param: call.id.in === 'singleton' ? null : call.id.name };
  }
  return null;
}

/** Reads the record's latest version (remembering its ETag); null when the API has no read of one record of this type. */
export async function loadLatest<T = unknown>(client: AxiosInstance, ref: RecordRef): Promise<T | null> {
  const read = readCallOf(ref.record);
  if (!read) return null;
  const { data } = await client.get<T>(read.path, read.param ? { params: { [read.param]: ref.id } } : {});
  return data;
}

export interface EditConflictInfo extends RecordRef {
  changedBy: string | null;
  changedAt: string | null;
}

/** The record and the who/when of a save or delete the API refused because the record changed since it was read. */
export function editConflictOf(error: unknown): EditConflictInfo | null {
  const failed = error as { isAxiosError?: boolean; config?: InternalAxiosRequestConfig; response?: { status?: number; data?: unknown } } | null;
  if (!failed?.isAxiosError || failed.response?.status !== 409 || !failed.config) return null;
  const data = failed.response.data as { changedBy?: unknown; changedAt?: unknown } | undefined;
  if (!data || typeof data !== 'object' || !('changedAt' in data)) return null;
  const ref = recordOfRequest(failed.config);
  if (!ref) return null;
  return { ...ref, changedBy: typeof data.changedBy === 'string' ? data.changedBy : null, changedAt: typeof data.changedAt === 'string' ? data.changedAt : null };
}
