import { api } from '@deals/shared-auth/client';
import type { DealImportEvent, DealImportPreview } from '@deals/contract';

const params = (withImages: boolean) => ({ images: withImages, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });

/** What importing the file would do: every row checked by the server, nothing saved. The file is the body, as it is. */
export async function previewImport(file: File, withImages: boolean): Promise<DealImportPreview> {
  const { data } = await api.post<DealImportPreview>('ProductImport/Preview', file, { params: params(withImages), headers: { 'Content-Type': 'text/csv' } });
  return data;
}

/** Complete NDJSON lines of `text` from `offset`; answers the events and where the next line starts. */
export function readEvents(text: string, offset: number): { events: DealImportEvent[]; next: number } {
  const end = text.lastIndexOf('\n');
  if (end < offset) return { events: [], next: offset };
  const events = text
    .slice(offset, end)
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as DealImportEvent);
  return { events, next: end + 1 };
}

/**
 * Imports the file; `onEvent` sees each progress line as it arrives (the browser exposes the
 * answer so far while it downloads) and the final `done` or `failed` one.
 */
export async function runImport(file: File, withImages: boolean, onEvent: (event: DealImportEvent) => void): Promise<void> {
  let offset = 0;
  const take = (text: string) => {
    const { events, next } = readEvents(text, offset);
    offset = next;
    events.forEach(onEvent);
  };
  const response = await api.post<string>('ProductImport/Import', file, {
    params: params(withImages),
    headers: { 'Content-Type': 'text/csv', Accept: 'application/x-ndjson, application/json' },
    responseType: 'text',
    // Lines written so far; the same text again at the end, from where this left off.
    onDownloadProgress: (progress) => {
      const partial = (progress.event as { target?: { responseText?: string } } | undefined)?.target?.responseText;
      if (typeof partial === 'string') take(partial);
    },
  }).catch((error: unknown) => {
    // Asked for text: a refusal's JSON arrives as text, read back so its message shows.
    const refused = (error as { response?: { data?: unknown } }).response;
    if (refused && typeof refused.data === 'string') {
      try {
        refused.data = JSON.parse(refused.data);
      } catch {
        // Not JSON: the generic message shows.
      }
    }
    throw error;
  });
  take(typeof response.data === 'string' ? response.data : '');
}
