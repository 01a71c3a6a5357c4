/**
 * The trust settings (`fastify.trustSettings`): the minimum of answers before a success rate
 * shows, the low-success threshold of Needs attention, the link checks' period, the soft-dead
 * phrases and the optional automatic deactivation. One row, read where it is used (a round, a
 * check, the queue) so every instance sees a change at once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SOFT_DEAD_PHRASES, TRUST_DEFAULTS, type TrustSettings } from '@deals/contract';
import { fieldChanges } from './audit.js';
import { DEALS_WITH_FEEDBACK, feedbackStatsStatement } from './deal-feedback-stats.js';

type Rows<T> = { rows: T[] };

declare module 'fastify' {
  interface FastifyInstance {
    trustSettings: {
      get(): Promise<TrustSettings>;
      /** Saves the settings (audited); a new minimum of answers recomputes every deal's figures. */
      update(request: FastifyRequest, values: TrustSettings): Promise<void>;
    };
  }
}

export default fp(
  async (fastify) => {
    async function get(executor: Pick<typeof fastify.db, 'execute'> = fastify.db): Promise<TrustSettings> {
      const result = (await executor.execute(sql`SELECT min_answers, low_success_percent, check_period_hours, auto_deactivate_after_dead_checks, soft_dead_phrases
        FROM trust_settings WHERE id = 1`)) as unknown as Rows<{
        min_answers: number;
        low_success_percent: number;
        check_period_hours: number;
        auto_deactivate_after_dead_checks: number | null;
        soft_dead_phrases: string[] | string | null;
      }>;
      const row = result.rows[0];
      if (!row) return { ...TRUST_DEFAULTS, softDeadPhrases: [...DEFAULT_SOFT_DEAD_PHRASES] };
      // PGlite answers jsonb parsed, node-postgres too; a text answer is parsed here all the same.
      const phrases = typeof row.soft_dead_phrases === 'string' ? (JSON.parse(row.soft_dead_phrases) as string[]) : row.soft_dead_phrases;
      return {
        minAnswers: row.min_answers,
        lowSuccessPercent: row.low_success_percent,
        checkPeriodHours: row.check_period_hours,
        autoDeactivateAfterDeadChecks: row.auto_deactivate_after_dead_checks,
        softDeadPhrases: phrases ?? [...DEFAULT_SOFT_DEAD_PHRASES],
      };
    }

    fastify.decorate('trustSettings', {
      get: () => get(),
      async update(request, values) {
        // Matching ignores case, so phrases differing only in case are one.
        const byKey = new Map<string, string>();
        for (const phrase of values.softDeadPhrases.map((text) => text.trim()).filter(Boolean)) if (!byKey.has(phrase.toLowerCase())) byKey.set(phrase.toLowerCase(), phrase);
        const phrases = [...byKey.values()];
        await fastify.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1 FROM trust_settings WHERE id = 1 FOR UPDATE`);
          const before = await get(tx);
          await tx.execute(sql`INSERT INTO trust_settings (id, min_answers, low_success_percent, check_period_hours, auto_deactivate_after_dead_checks, soft_dead_phrases, updated_at)
            VALUES (1, ${values.minAnswers}, ${values.lowSuccessPercent}, ${values.checkPeriodHours}, ${values.autoDeactivateAfterDeadChecks}, ${JSON.stringify(phrases)}::jsonb, now())
            ON CONFLICT (id) DO UPDATE SET min_answers = excluded.min_answers, low_success_percent = excluded.low_success_percent,
              check_period_hours = excluded.check_period_hours, auto_deactivate_after_dead_checks = excluded.auto_deactivate_after_dead_checks,
              soft_dead_phrases = excluded.soft_dead_phrases, updated_at = excluded.updated_at`);
          const after = { ...values, softDeadPhrases: phrases };
          if (before.minAnswers !== values.minAnswers) await tx.execute(feedbackStatsStatement(DEALS_WITH_FEEDBACK, new Date()));
          await fastify.audit.record(tx, request, { action: 'update', recordType: 'TrustSettings', recordId: 1, changes: fieldChanges(before, after) });
        });
      },
    });
  },
  { name: 'trust-settings', dependencies: ['database', 'audit'] },
);
