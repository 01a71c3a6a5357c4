import { api } from '@deals/shared-auth/client';
import {
  ATTENTION_MAX_PAGE_SIZE,
  type AttentionActionResult,
  type AttentionQueuePage,
  type AttentionRow,
  type BulkUpdateProductsBody,
  type BulkUpdateProductsResponse,
  type LinkCheck,
  type MessageResponse,
  type TrustSettings,
} from '@deals/contract';

/** One page of the queue: the table's reason filter and page. Admins get every deal, staff their own. */
export async function fetchAttentionPage(query: Record<string, unknown>): Promise<AttentionQueuePage> {
  const { data } = await api.get<AttentionQueuePage>('LinkHealth/GetAttentionQueue', { params: query });
  return data;
}

/**
 * Every row matching the filter, for Download CSV: the API has no export of the queue, so its
 * largest pages are read one after the other.
 */
export async function fetchAllAttentionRows(query: Record<string, unknown>): Promise<AttentionRow[]> {
  const rows: AttentionRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchAttentionPage({ ...query, page, pageSize: ATTENTION_MAX_PAGE_SIZE });
    rows.push(...answer.items);
    // An empty page also ends it: rows leaving the queue while it is read must not loop forever.
    if (rows.length >= answer.total || answer.items.length === 0) return rows;
  }
}

export async function markVerified(productIds: readonly number[]): Promise<AttentionActionResult> {
  const { data } = await api.post<AttentionActionResult>('LinkHealth/MarkVerified', { productIds });
  return data;
}

export async function dismiss(productIds: readonly number[]): Promise<AttentionActionResult> {
  const { data } = await api.post<AttentionActionResult>('LinkHealth/Dismiss', { productIds });
  return data;
}

/** Switching deals off goes through the deals table's bulk call, so its ownership rules and audit apply. */
export async function deactivateDeals(ids: readonly number[]): Promise<BulkUpdateProductsResponse> {
  const body: BulkUpdateProductsBody = { action: 'deactivate', ids: [...ids] };
  const { data } = await api.post<BulkUpdateProductsResponse>('Product/BulkUpdateProducts', body);
  return data;
}

/** Checks the deal's link now (the server waits for the store, up to about 20 s). */
export async function checkProduct(productId: number): Promise<LinkCheck> {
  const { data } = await api.post<LinkCheck>('LinkHealth/CheckProduct', null, { params: { productId } });
  return data;
}

export async function fetchTrustSettings(): Promise<TrustSettings> {
  const { data } = await api.get<TrustSettings>('LinkHealth/GetSettings');
  return data;
}

export async function updateTrustSettings(settings: TrustSettings): Promise<MessageResponse> {
  const { data } = await api.put<MessageResponse>('LinkHealth/UpdateSettings', settings);
  return data;
}
