/** `Home/GetDynamicPage` and `Home/GetDynamicBlog`: a CMS page or blog as the public site renders it. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const dynamicPages: FastifyPluginAsyncTypebox = async () => {};

export default dynamicPages;
