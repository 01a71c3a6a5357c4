/**
 * A digest of every business table, to prove a run of refused requests changed nothing. Left out:
 * tables that count requests rather than hold records (rate-limit windows), which refused
 * requests legitimately touch; the clock-driven popularity refresh's bookkeeping, which moves on
 * its own every minute; deployment keys generated once on first use (the preview-link key, the
 * VAPID pair), which a valid read may create; and the job queue's own schema.
 */
import type { RawSql } from '../db/client.js';

const NOT_RECORDS = new Set(['rate_limit_counters', 'popularity_refresh_state', 'deployment_secrets']);

export async function tableDigests(sql: RawSql): Promise<Record<string, string>> {
  const { rows } = await sql.execute(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    [],
  );
  const digests: Record<string, string> = {};
  for (const { table_name: name } of rows as Array<{ table_name: string }>) {
    if (NOT_RECORDS.has(name)) continue;
    const result = await sql.execute(`SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest FROM "${name}" t`, []);
    digests[name] = (result.rows[0] as { digest: string }).digest;
  }
  return digests;
}
