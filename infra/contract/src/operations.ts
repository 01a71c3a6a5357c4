/**
 * What operators and their tools read: the readiness answer a load balancer or an orchestrator
 * polls, and the messages of the metrics endpoint's refusals.
 */
import { Type, type Static } from '@sinclair/typebox';

/** `GET /api/health/ready`: 200 only once the database answers and carries every migration of this build. */
export const ReadinessResponseSchema = Type.Object({ status: Type.Literal('ok') });
export type ReadinessResponse = Static<typeof ReadinessResponseSchema>;

export const OPERATIONS_MESSAGES = {
  starting: 'The server is starting. Please try again shortly.',
  databaseUnreachable: 'The database does not answer.',
  migrationsPending: 'The database is not on this version yet: migrations are pending or running.',
  metricsTokenMissing: 'A metrics token is required (Authorization: Bearer).',
  metricsForbidden: 'Not allowed to read the metrics.',
} as const;
