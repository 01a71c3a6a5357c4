/**
 * Site settings (spec §7 "Asset/…"): the company record of the assets-and-resources screen.
 * Admins only; the public site reads the same row through `Home/GetCMSInfo`.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MessageResponseSchema, SITE_ASSET_MESSAGES, SiteAssetSchema, UpdateSiteAssetSchema } from '@deals/contract';
import { withUploads } from '../../../plugins/app/content-sections.js';
import { siteAssetValues } from '../../../plugins/app/site-assets.js';

const admin = { access: 'admin' } as const;

const asset: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/GetAsset',
    { config: admin, schema: { description: 'The settings with the form\'s field names; every field null before the first save.', response: { 200: SiteAssetSchema } } },
    async () => fastify.siteAssets.get(),
  );

  fastify.put(
    '/UpdateAsset',
    {
      config: admin,
      schema: {
        description:
          'Multipart form (or JSON without files). The text fields replace the stored ones (absent or empty clears an optional field); `companyLogo`/`companyIcon` replace the images only when sent, and the old files are removed; `hotDealThreshold` (the "Hot" badge\'s unique clicks in 24 h) changes only when sent.',
        consumes: ['multipart/form-data', 'application/json'],
        body: UpdateSiteAssetSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      const { companyLogo, companyIcon, hotDealThreshold, ...body } = request.body;
      const values = siteAssetValues(body);
      const replaced = await withUploads(fastify.images, { companyLogo, companyIcon }, (saved) =>
        fastify.siteAssets.save(
          values,
          {
            ...(saved.companyLogo && { companyLogoPath: saved.companyLogo }),
            ...(saved.companyIcon && { companyIconPath: saved.companyIcon }),
          },
          { hotDealThreshold },
          fastify.audit.trail(request),
        ),
      );
      await fastify.images.release(replaced);
      // A new "Hot" threshold applies at once (the refresh reads it), not only at the next round.
      if (hotDealThreshold !== undefined) {
        await fastify.dealPopularity.refresh().catch((error: unknown) => request.log.warn({ err: error }, 'could not refresh deal popularity'));
      }
      return { message: SITE_ASSET_MESSAGES.updated };
    },
  );
};

export default asset;
