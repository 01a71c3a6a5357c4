import { createContext, use, useContext } from 'react';
import type { SsrRenderInput } from '@deals/contract/ssr';
import type { PageHead } from '../seo';
import { callKey, type ApiAnswer, type ApiCall } from './apiCall';

/**
 * What one server render collects: the API answers it read (serialised into the page for
 * hydration), the status code and the page's head. Exists only on the server; in the browser the
 * context is null and the hooks fall back to their client behaviour.
 */
export class RenderRecorder {
  status = 200;
  head: PageHead | null = null;
  /** The instant time-dependent texts are computed for; sent with the page, so hydration reads the same. */
  readonly renderedAt = Date.now();
  readonly answers = new Map<string, ApiAnswer>();
  private readonly reads = new Map<string, Promise<ApiAnswer>>();

  constructor(readonly input: SsrRenderInput) {}

  /** The page's status: the last component to say wins (the page, below the layout). */
  setStatus(status: number): void {
    this.status = status;
  }

  setHead(head: PageHead): void {
    this.head = head;
  }

  /** The answer to `call`, read once per render however many components ask. */
  read(call: ApiCall): Promise<ApiAnswer> {
    const key = callKey(call);
    let pending = this.reads.get(key);
    if (!pending) {
      pending = this.input.api(call).then(
        (answer) => answer,
        () => ({ status: 503, body: { message: 'The API could not be read' } }),
      );
      pending = pending.then((answer) => {
        this.answers.set(key, answer);
        return answer;
      });
      this.reads.set(key, pending);
    }
    return pending;
  }
}

export const RenderContext = createContext<RenderRecorder | null>(null);

/** The server render in progress, or null in the browser. */
export function useRenderRecorder(): RenderRecorder | null {
  return useContext(RenderContext);
}

/**
 * On the server: the answer to `call`, suspending the render until it is read (React waits for
 * every read before the page is sent). In the browser: undefined.
 */
export function useServerAnswer(call: ApiCall | null): ApiAnswer | undefined {
  const recorder = useRenderRecorder();
  if (!recorder || !call) return undefined;
  return use(recorder.read(call));
}
