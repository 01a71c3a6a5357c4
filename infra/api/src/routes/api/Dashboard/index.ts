/**
 * The back office's dashboard (beyond the spec): `GET Dashboard/GetStats`, every
 * figure of the page in one call. Any staff member may call it; the figures are scoped, not
 * refused: staff get their own deals' and notifications' figures, admins everyone's.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DashboardStatsSchema } from '@deals/contract';
import { isAdmin, staffViewer } from '../../../plugins/app/viewer.js';

export const OWN_FIGURES_RULE = 'figures of own deals and notifications unless admin';

const dashboard: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetStats',
    {
      config: { access: 'staff', rule: OWN_FIGURES_RULE },
      schema: {
        description:
          'The dashboard: live deals, deals expiring in the next 48 h (with the window, as the deals table filters take it), unique clicks per UTC day for 30 days (zero-filled, oldest first), ' +
          'the Top 10 deals and stores by those clicks, the push notifications of the 30 days (sent, devices targeted, delivered), and the affiliate earnings of the same deals and days per currency (totals, commission per day, Top 10 deals and stores by commission). ' +
          'Staff: their own deals and notifications; admins: everyone’s (`scope`).',
        response: { 200: DashboardStatsSchema },
      },
    },
    async (request) => {
      const viewer = staffViewer(request);
      return fastify.dashboard.stats(isAdmin(request) ? { kind: 'all' } : { kind: 'own', userId: viewer.userId });
    },
  );
};

export default dashboard;
