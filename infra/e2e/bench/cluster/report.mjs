// The run's report: the timeline of answers per second with its events, each check with PASS or
// FAIL, and the throughput table with where the CPU went; `--write` keeps the markdown part in
// docs/BENCHMARKS.md between its markers (the section is added the first time).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONNECTIONS } from './throughput.mjs';

const BENCH_FILE = path.resolve(import.meta.dirname, '../../../../docs/BENCHMARKS.md');
const BEGIN = '<!-- bench:cluster:begin -->';
const END = '<!-- bench:cluster:end -->';
const SECTION = `## Cluster: two instances behind nginx

\`npm run build && npm run bench:cluster [-- --write]\` starts, on loopback, a throwaway PostgreSQL 15, s3rver
(the bucket), two API instances (\`infra/api/dist/server.js\`, each with its own \`DATA_DIR\`, started
at the same instant) and Debian's nginx in front of them (the settings of
\`infra/deploy/cluster/balancer.conf\`, plus one: the deal search, a read-only POST, is retried on
the other instance like a GET). For 60 s it drives visitors (pages, search, suggestions) and
staff writes (deals with images, footer edits) through nginx, wrong-password sign-ins to the
instances in turn, and a push notification to three test devices, while instance A is SIGKILLed
at 1/3 and started again at 1/2; then it reads everything back from each instance directly. The
test suite runs the same for 20 s without the throughput legs (\`npm run test:cluster\`). Sources:
\`infra/e2e/bench/cluster.mjs\` and \`infra/e2e/bench/cluster/\`.

Throughput is then measured through nginx with both instances and with instance B alone (a second
nginx listener), on the deal search and on a rendered page. On a 2-core machine a second instance
brings no extra cores: PostgreSQL, nginx, autocannon and both instances share the same two, and
the second table says who had them during each leg.

${BEGIN}
${END}
`;

const pct = (share) => `${Math.round(share * 100)}%`;

/** The timeline, one line per second, with the events where they happened. */
export function timelineText(timeline) {
  const lines = ['  s  visitors 2xx/other  writes acked/unanswered/refused  events'];
  for (const s of timeline.seconds) {
    const events = timeline.events.filter((e) => Math.floor(e.at) === s.second).map((e) => `${e.text} (${e.at.toFixed(1)} s)`);
    lines.push(`${String(s.second).padStart(3)}  ${String(s.visitOk).padStart(8)} / ${String(s.visitFail).padEnd(8)}  ${String(s.writeOk).padStart(8)} / ${s.writeNoAnswer} / ${String(s.writeRefused).padEnd(14)}  ${events.join('; ')}`);
  }
  const later = timeline.events.filter((e) => Math.floor(e.at) >= timeline.seconds.length);
  for (const e of later) lines.push(`     ${e.text} (${e.at.toFixed(1)} s)`);
  return lines.join('\n');
}

/** Markdown: the timeline in about a dozen buckets, with the events of each. */
export function timelineMarkdown(timeline, durationS) {
  const size = Math.max(1, Math.round(durationS / 12));
  const rows = ['| seconds | visitor answers 2xx / other | staff writes acknowledged / unanswered / refused | events |', '|---|---|---|---|'];
  for (let from = 0; from < timeline.seconds.length; from += size) {
    const part = timeline.seconds.slice(from, from + size);
    const sum = (field) => part.reduce((total, s) => total + s[field], 0);
    const events = timeline.events.filter((e) => e.at >= from && e.at < from + size).map((e) => `${e.text} (${e.at.toFixed(1)} s)`);
    rows.push(`| ${from}–${from + part.length} | ${sum('visitOk')} / ${sum('visitFail')} | ${sum('writeOk')} / ${sum('writeNoAnswer')} / ${sum('writeRefused')} | ${events.join('; ')} |`);
  }
  return rows.join('\n');
}

export function checksText(checks) {
  return checks
    .map((c) => [`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}${c.detail ? ` — ${c.detail}` : ''}`, ...c.problems.map((p) => `        ${p}`)].join('\n'))
    .join('\n');
}

/** Markdown: the checks, a line each. */
export function checksMarkdown(checks) {
  return ['| check | result |', '|---|---|', ...checks.map((c) => `| ${c.name} | ${c.pass ? 'pass' : `**FAIL**: ${c.problems[0] ?? ''}`} — ${c.detail.replaceAll('|', '/')} |`)].join('\n');
}

/** Markdown: req/s and latency per leg, the 2/1 ratio, and each process group's share of the cores. */
export function throughputMarkdown(rows, seconds) {
  const cores = os.cpus().length;
  const lines = [
    `| request (autocannon -c ${CONNECTIONS}, ${seconds} s, through nginx) | instances | req/s | p50 / p99 ms | 2 ÷ 1 |`,
    '|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const single = rows.find((r) => r.target === row.target && r.instances === 1);
    const ratio = row.instances === 2 && single ? `${(row.rps / single.rps).toFixed(2)}×` : '';
    const errors = row.non2xx || row.errors ? ` (${row.non2xx} non-2xx, ${row.errors} errors)` : '';
    lines.push(`| ${row.target} | ${row.instances} | ${Math.round(row.rps).toLocaleString('en-US')}${errors} | ${row.p50} / ${row.p99} | ${ratio} |`);
  }
  const groups = ['instance A', 'instance B', 'postgres', 'nginx', 'autocannon', 's3rver', 'harness', 'other'];
  lines.push(
    '',
    `Where the ${cores} cores went during each leg (CPU time of each process and its children ÷ ${cores} × the leg's time; "other" is the rest of the machine's busy time: the kernel's loopback network work and any other program):`,
    '',
    `| request | instances | ${groups.join(' | ')} | idle |`,
    `|---|---|${groups.map(() => '---').join('|')}|---|`,
    ...rows.map((row) => `| ${row.target} | ${row.instances} | ${groups.map((g) => pct(row.shares[g] ?? 0)).join(' | ')} | ${pct(Math.max(0, 1 - row.shares.busy))} |`),
  );
  return lines.join('\n');
}

/** Markdown of the whole run, for the console and `--write`. */
export function runMarkdown({ durationS, checks, result, startTimes, throughputRows, throughputSeconds, loadBefore }) {
  const dealsAcked = result.deals.filter((d) => d.outcome === 'acknowledged').length;
  const lines = [
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.versions.node}, PostgreSQL 15, nginx, s3rver; 1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after.`,
    '',
    `Resilience run: ${durationS} s, ${result.visits.toLocaleString('en-US')} visitor requests, ${result.deals.length} deal creations (${dealsAcked} acknowledged), ${[...result.footerEdits.values()].flat().length} footer edits; the two instances, started together, were ready in ${startTimes.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' and ')}.`,
    '',
    timelineMarkdown(result.timeline, durationS),
    '',
    checksMarkdown(checks),
  ];
  if (throughputRows?.length) lines.push('', throughputMarkdown(throughputRows, throughputSeconds));
  return lines.join('\n');
}

export function writeSection(markdown) {
  let text = fs.readFileSync(BENCH_FILE, 'utf8');
  if (!text.includes(BEGIN)) text = `${text.trimEnd()}\n\n${SECTION}`;
  fs.writeFileSync(BENCH_FILE, text.replace(new RegExp(`${BEGIN}[\\s\\S]*?${END}`), () => `${BEGIN}\n${markdown}\n${END}`));
  return BENCH_FILE;
}
