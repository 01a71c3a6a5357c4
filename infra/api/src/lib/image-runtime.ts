/**
 * sharp, set up once for a long-running server: import `sharp` from here, never from 'sharp'.
 *
 * - libvips' operation cache (by default up to 50 MB, 20 open files, 100 operations) pays off when
 *   the same image is processed again and again; here every upload is re-encoded once and every
 *   rendition is made once and stored, so the cache only holds memory. Off unless
 *   `IMAGE_CACHE_MB` asks for one.
 * - One libvips worker thread (`IMAGE_THREADS` to change): sharp already picks one on glibc, whose
 *   per-thread arenas keep what each thread freed; it is set here so a musl or jemalloc build
 *   behaves the same, and so an image never takes both cores of a small machine from the visitors.
 */
import sharp from 'sharp';

function settingOf(value: string | undefined, fallback: number): number {
  const n = Number(value?.trim() || NaN);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export function configureImageRuntime(env: Readonly<Record<string, string | undefined>>): void {
  const cacheMb = settingOf(env.IMAGE_CACHE_MB, 0);
  if (cacheMb === 0) sharp.cache(false);
  else sharp.cache({ memory: cacheMb, files: 0, items: 100 });
  sharp.concurrency(Math.max(1, settingOf(env.IMAGE_THREADS, 1)));
}

configureImageRuntime(process.env);

export default sharp;
