/** The public site's `Home` controller (spec §7 "Home/…"). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SiteInfoSchema } from '../../../contract/index.js';
import dynamicPages from './dynamic-pages.js';

const home: FastifyPluginAsyncTypebox = async (fastify) => {
  // The CMS pages' calls live in their own file (one folder, one autoloaded index).
  await fastify.register(dynamicPages);
  fastify.get('/GetCMSInfo', { config: { access: 'public' }, schema: { response: { 200: SiteInfoSchema } } }, async () => fastify.siteInfo.get());
};

export default home;
