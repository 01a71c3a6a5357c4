import { isAxiosError } from 'axios';

export const GENERIC_SERVER_ERROR = 'Oops! Something went wrong on the server. Please contact support.';

/** The text to show for a failed call: the server's message, or the generic one. */
export function serverMessage(error: unknown): string {
  if (isAxiosError(error)) {
    const data: unknown = error.response?.data;
    if (data && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      const message = record.message ?? record.Message;
      if (typeof message === 'string' && message.trim()) return message;
    }
  }
  return GENERIC_SERVER_ERROR;
}
