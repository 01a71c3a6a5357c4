/** The public site's `Home` controller (spec §7 "Home/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SiteInfoSchema } from '../../../contract/index.js';

const home: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get('/GetCMSInfo', { schema: { response: { 200: SiteInfoSchema } } }, async () => fastify.siteInfo.get());
};

export default home;
