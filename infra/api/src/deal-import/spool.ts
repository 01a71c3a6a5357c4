/**
 * The uploaded CSV, written to a temporary file as it arrives, so neither a 10,000-row feed nor a
 * hostile gigabyte is held in memory: the size is capped while reading (the client is cut off at
 * the cap: the route answers with `Connection: close`, so the rest is never read), and the bytes
 * must be UTF-8 text. The import reads the file twice (check, then save),
 * so it lives until the request ends; it is local scratch, never shared between instances.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { DEAL_IMPORT_LIMITS, DEAL_IMPORT_MESSAGES } from '@deals/contract/deal-import';
import { HttpError } from '../errors.js';

export interface SpooledFile {
  path: string;
  bytes: number;
  remove(): Promise<void>;
}

const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

export async function spoolUpload(body: Readable, declaredLength: number | undefined): Promise<SpooledFile> {
  if (declaredLength !== undefined && declaredLength > DEAL_IMPORT_LIMITS.maxBytes) {
    throw new HttpError(413, DEAL_IMPORT_MESSAGES.tooLarge);
  }
  const dir = await mkdtemp(join(tmpdir(), 'deal-import-'));
  const path = join(dir, 'upload.csv');
  const remove = () => rm(dir, { recursive: true, force: true });
  const out = createWriteStream(path);
  try {
    const bytes = await copyChecked(body, out);
    if (bytes === 0) throw new HttpError(400, DEAL_IMPORT_MESSAGES.empty);
    return { path, bytes, remove };
  } catch (error) {
    out.destroy();
    await remove();
    throw error;
  }
}

/**
 * Copies the body to `out`, checking size and encoding chunk by chunk. On a refusal it stops
 * reading (paused, never destroyed: the request must stay open for the error answer).
 */
function copyChecked(body: Readable, out: WriteStream): Promise<number> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  return new Promise<number>((resolve, reject) => {
    const stop = (error: Error) => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      if (bytes === 0 && UTF16_BOMS.some((bom) => chunk.subarray(0, 2).equals(bom))) return stop(new HttpError(400, DEAL_IMPORT_MESSAGES.encoding));
      bytes += chunk.length;
      if (bytes > DEAL_IMPORT_LIMITS.maxBytes) return stop(new HttpError(413, DEAL_IMPORT_MESSAGES.tooLarge));
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        return stop(new HttpError(400, DEAL_IMPORT_MESSAGES.encoding));
      }
      // A NUL never appears in text: the file is binary (or UTF-16 without its mark).
      if (text.includes('\u0000')) return stop(new HttpError(400, DEAL_IMPORT_MESSAGES.encoding));
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    };
    const onEnd = () => {
      try {
        decoder.decode();
      } catch {
        return reject(new HttpError(400, DEAL_IMPORT_MESSAGES.encoding));
      }
      out.end((error?: Error | null) => (error ? reject(error) : resolve(bytes)));
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', reject);
  });
}
