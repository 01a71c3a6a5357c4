/**
 * A buffer of things to write that answers at once and writes in batches: every `flushMs` or as
 * soon as `batchSize` wait, one write at a time. A failed write keeps its batch for the next one
 * (the oldest dropped beyond `maxBuffer`), so a database hiccup loses nothing short of that.
 * What visitors send at page speed (click-outs, "Did this code work?") goes through one of these,
 * so answering them never waits for the database.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface WriteBufferOptions {
  /** Buffered items are written at least this often. Default 1,000 ms. */
  flushMs?: number;
  /** ...and as soon as this many are waiting. Default 500. */
  batchSize?: number;
}

export interface WriteBuffer<T> {
  /** Buffers an item; returns at once. */
  push(item: T): void;
  /** Writes everything buffered (callers share one queue of writes). */
  flush(): Promise<void>;
  /** Items waiting to be written. */
  pending(): number;
  /** Stops the timer and writes what is buffered. */
  close(): Promise<void>;
}

export function createWriteBuffer<T>(
  write: (batch: readonly T[]) => Promise<void>,
  log: FastifyBaseLogger,
  what: string,
  options: WriteBufferOptions & { maxBuffer: number },
): WriteBuffer<T> {
  const batchSize = options.batchSize ?? 500;
  let buffer: T[] = [];
  let chain: Promise<void> = Promise.resolve();
  let scheduled = false;
  const warn = (error: unknown) => log.warn({ err: error }, `could not record ${what}; kept for the next write`);

  async function flushOnce(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      buffer = buffer.slice(batch.length);
      try {
        await write(batch);
      } catch (error) {
        buffer = [...batch, ...buffer].slice(-options.maxBuffer);
        throw error;
      }
    }
  }

  function flush(): Promise<void> {
    chain = chain.then(flushOnce, flushOnce);
    return chain;
  }

  const timer = setInterval(() => {
    if (buffer.length > 0) flush().catch(warn);
  }, options.flushMs ?? 1_000);
  timer.unref();

  return {
    push(item) {
      buffer.push(item);
      if (buffer.length > options.maxBuffer) buffer.shift();
      if (buffer.length >= batchSize && !scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          flush().catch(warn);
        });
      }
    },
    flush,
    pending: () => buffer.length,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
