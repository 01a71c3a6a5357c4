/**
 * The worker side of scheduled go-live (`fastify.dealGoLive` schedules, see
 * push/deal-go-live.ts). When a deal's start comes, one instance runs its job: the deal is
 * announced in one transaction, then push delivery is woken so the notification leaves at once.
 */
import fp from 'fastify-plugin';
import { announceLiveDeal } from '../../push/announce-deal.js';
import { createGoLiveSchedule, GO_LIVE_QUEUE, type GoLiveJob, type GoLiveSchedule } from '../../push/deal-go-live.js';

declare module 'fastify' {
  interface FastifyInstance {
    dealGoLive: GoLiveSchedule;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('dealGoLive', createGoLiveSchedule(fastify.jobs));
    await fastify.jobs.define<GoLiveJob>(
      GO_LIVE_QUEUE,
      // A failed announcement (database unavailable) is retried; a start years ahead is kept until it comes.
      { retryLimit: 10, retryDelay: 30, retryBackoff: true },
      async ({ productId }) => {
        const queued = await fastify.db.transaction((tx) => announceLiveDeal(tx, productId));
        if (queued) fastify.pushDelivery.wake();
        fastify.mail.wake();
      },
    );
  },
  { name: 'deal-go-live', dependencies: ['database', 'job-queue', 'push-delivery', 'mail'] },
);
