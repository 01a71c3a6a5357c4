/**
 * The per-deal figures of "Did this code work?" kept in `deal_popularity` (votes_30d, worked_30d,
 * last_worked_at, success_rate, success_factor), recomputed from `deal_votes` for the deals a
 * statement names: right after a batch of votes is written (so a rate shows within a second), and by
 * the popularity round for deals whose votes left the 30 days or after a settings change.
 */
import { sql, type SQL } from 'drizzle-orm';
import { FEEDBACK_WINDOW_DAYS, TRUST_DEFAULTS } from '@deals/contract';

const DAY_MS = 86_400_000;
const instant = (at: Date | number) => sql`${new Date(at).toISOString()}::timestamptz`;

/**
 * How much a deal's success moves it in "Most Popular": its click score times 0.25 + rate, so a
 * code that always works ranks a quarter higher and one that never works at a quarter. Without the
 * minimum of answers the factor is 1.
 */
export const successFactorSql = (rate: SQL) => sql`CASE WHEN ${rate} IS NULL THEN 1 ELSE 0.25 + ${rate} / 100.0 END`;

/**
 * Recomputes the figures at `at` of the deals `target` lists (a query answering `product_id`),
 * writing only the rows that change. The click score is rescaled to the new factor (every
 * factor is at least 0.25, so the division is safe).
 */
export function feedbackStatsStatement(target: SQL, at: Date): SQL {
  const windowStart = instant(at.getTime() - FEEDBACK_WINDOW_DAYS * DAY_MS);
  const rate = sql`x.rate`;
  return sql`WITH t AS (${target}),
    s AS (
      SELECT t.product_id, count(v.product_id)::int AS votes, (count(v.product_id) FILTER (WHERE v.worked))::int AS worked,
        max(v.voted_at) FILTER (WHERE v.worked) AS last_worked
      FROM t LEFT JOIN deal_votes v ON v.product_id = t.product_id AND v.voted_at > ${windowStart} AND v.voted_at <= ${instant(at)}
      GROUP BY t.product_id
    ),
    x AS (
      SELECT s.*, CASE WHEN s.votes > 0 AND s.votes >= m.min_answers THEN round(100.0 * s.worked / s.votes)::int END AS rate
      FROM s CROSS JOIN (SELECT coalesce((SELECT min_answers FROM trust_settings WHERE id = 1), ${TRUST_DEFAULTS.minAnswers}) AS min_answers) m
    )
    UPDATE deal_popularity dp
    SET votes_30d = x.votes, worked_30d = x.worked, last_worked_at = CASE WHEN ${rate} IS NULL THEN NULL ELSE x.last_worked END,
      success_rate = ${rate}, success_factor = ${successFactorSql(rate)}, score = dp.score / dp.success_factor * ${successFactorSql(rate)}
    FROM x
    WHERE dp.product_id = x.product_id
      AND (dp.votes_30d, dp.worked_30d, dp.last_worked_at, dp.success_rate)
        IS DISTINCT FROM (x.votes, x.worked, CASE WHEN ${rate} IS NULL THEN NULL ELSE x.last_worked END, ${rate})`;
}

/** The deals whose figures may have changed between the rounds at `since` and `at`: votes that left the window. */
export function votesLeavingWindow(since: Date, at: Date): SQL {
  const window = FEEDBACK_WINDOW_DAYS * DAY_MS;
  return sql`SELECT DISTINCT product_id FROM deal_votes WHERE voted_at > ${instant(since.getTime() - window - DAY_MS)} AND voted_at <= ${instant(at.getTime() - window)}`;
}

/** Every deal with figures or votes: a full round, or after the minimum of answers changed. */
export const DEALS_WITH_FEEDBACK = sql`SELECT product_id FROM deal_popularity WHERE votes_30d > 0 UNION SELECT DISTINCT product_id FROM deal_votes`;
