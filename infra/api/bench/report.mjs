// The benchmark's markdown table, and its place in docs/BENCHMARKS.md (between markers, so the
// hand-written analysis around it stays).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const docs = join(import.meta.dirname, '..', '..', '..', 'docs', 'BENCHMARKS.md');

/**
 * Replaces the text between `<!-- bench:NAME:begin -->` and `<!-- bench:NAME:end -->` in
 * docs/BENCHMARKS.md (the markers stay), so the hand-written analysis around it stays.
 */
export async function replaceBlock(name, body) {
  const begin = `<!-- bench:${name}:begin -->`;
  const end = `<!-- bench:${name}:end -->`;
  const text = await readFile(docs, 'utf8');
  const start = text.indexOf(begin);
  const stop = text.indexOf(end);
  if (start === -1 || stop === -1) throw new Error(`docs/BENCHMARKS.md has no ${begin} … ${end} block to replace`);
  await writeFile(docs, `${text.slice(0, start)}${begin}\n${body}\n${end}${text.slice(stop + end.length)}`);
  console.log(`Wrote the ${name} block into ${docs}`);
}

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n === undefined ? '–' : String(Math.round(n * 10) / 10));

/** One row per request mix; the engines side by side. */
export function markdownTable(results) {
  const engines = results.map((r) => r.engine);
  const names = { postgres: 'PostgreSQL', pglite: 'PGlite' };
  const head = ['request', 'answer'];
  for (const engine of engines) head.push(`${names[engine]} req/s -c 50`, `${names[engine]} p50 / p99 ms -c 1`);
  if (engines.length === 2) head.push(`${names[engines[1]]} / ${names[engines[0]]}`);
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  const mixes = [...new Set(results.flatMap((r) => r.rows.map((row) => row.mix)))];
  for (const mix of mixes) {
    const rows = results.map((r) => r.rows.find((row) => row.mix === mix));
    const first = rows.find(Boolean);
    const answer = first.items === null ? `${(first.bytes / 1024).toFixed(1)} KB` : `${first.items} items, ${(first.bytes / 1024).toFixed(1)} KB`;
    const cells = [first.label, answer];
    for (const row of rows) cells.push(row ? int(row.rps) : '–', row ? `${ms(row.p50)} / ${ms(row.p99)}` : '–');
    if (rows.length === 2 && rows[0] && rows[1]) cells.push(`${Math.round((rows[1].rps / rows[0].rps) * 100)}%`);
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

export async function writeReport({ results, machine, deals, duration, table }) {
  const date = new Date().toISOString().slice(0, 10);
  const seeded = results.map((r) => `${r.engine}: ${r.counts.deals.toLocaleString('en-US')} deals, ${r.counts.live.toLocaleString('en-US')} live`).join('; ');
  const load = results.flatMap((r) => r.rows.map((row) => row.load));
  const block = [
    `${date}, ${machine}; ${deals.toLocaleString('en-US')} deals (${seeded}); autocannon ${duration} s per cell;`,
    `1-minute load average before the runs ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}.`,
    '',
    table,
  ].join('\n');
  await replaceBlock('api', block);
}
