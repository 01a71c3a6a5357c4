import { isAxiosError } from 'axios';
import { saveBlob } from './csv';
import { api } from './http';

/**
 * Saves what an API call answers as a file (a table's streamed CSV): signed in, refreshed and
 * retried like any call, with the server's file name when it gives one. A refusal's JSON body is
 * read back from the Blob, so the error toast shows the server's message.
 */
export async function downloadFromApi(path: string, params: Record<string, unknown>, fallbackName: string): Promise<void> {
  try {
    const { data, headers } = await api.get<Blob>(path, { params, responseType: 'blob', headers: { Accept: 'text/csv, application/json' } });
    const named = /filename="([^"]+)"/.exec(String(headers['content-disposition'] ?? ''))?.[1];
    saveBlob(named ?? fallbackName, data);
  } catch (error) {
    if (isAxiosError(error) && error.response?.data instanceof Blob) {
      try {
        error.response.data = JSON.parse(await error.response.data.text());
      } catch {
        // Not JSON: the toast falls back on the status text.
      }
    }
    throw error;
  }
}
