import { conflictSentence } from './conflicts';
export const GENERIC_SERVER_ERROR = 'Oops! Something went wrong on the server. Please contact support.';

/** The text to show for a failed call: the server's message, or the generic one. */
export function serverMessage(error: unknown): string {
  // Duck-typed (axios marks its errors) so this module, on every page, does not pull in axios.
  if (error && typeof error === 'object' && (error as { isAxiosError?: unknown }).isAxiosError === true) {
    const data: unknown = (error as { response?: { data?: unknown } }).response?.data;
    if (data && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      const message = record.message ?? record.Message;
      if (typeof message === 'string' && message.trim()) {
        // An edit conflict (409 of a stale save or delete) says who changed the record and when.
        if (typeof record.changedAt === 'string' || typeof record.changedBy === 'string') {
          return `${conflictSentence({ changedBy: typeof record.changedBy === 'string' ? record.changedBy : null, changedAt: typeof record.changedAt === 'string' ? record.changedAt : null })} ${message}`;
        }
        return message;
      }
    }
  }
  return GENERIC_SERVER_ERROR;
}

/** The HTTP status of a failed call, if it got an answer (duck-typed like `serverMessage`). */
export function httpStatus(error: unknown): number | undefined {
  const status: unknown = (error as { response?: { status?: unknown } } | null | undefined)?.response?.status;
  return typeof status === 'number' ? status : undefined;
}
