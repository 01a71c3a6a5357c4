/**
 * The revision history of deals. Each deal save keeps a revision (deals.ts records it in
 * the save's transaction); this registers who may read and restore them (the staff member who
 * added the deal; admins always may) and how a revision is restored: deals have no drafts and stay
 * live on save, so its fields are checked by today's rules, as `UpdateProduct` checks the form (a
 * store or product type deleted since answers a 400 on that field), then saved as a new save.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CreateProductBodySchema, DEAL_MESSAGES, MESSAGES, REVISION_MESSAGES } from '@deals/contract';
import { HttpError, fieldErrors, validationErrors } from '../../errors.js';
import { readDealForm, type DealFormInput } from './deal-input.js';
import { mayChangeDeal } from './deal-ownership.js';
import { staffViewer } from './viewer.js';

const DealFormSchema = Type.Omit(CreateProductBodySchema, ['image']);

/** A snapshot checked as the deal form is: the schema's rules and messages, per field. */
function checkedFields(request: FastifyRequest, snapshot: Record<string, unknown>): DealFormInput {
  const validate = request.compileValidationSchema(DealFormSchema);
  // The validator fills defaults and drops unknown fields: it works on a copy.
  const candidate: Record<string, unknown> = structuredClone(snapshot);
  if (validate(candidate)) return candidate as unknown as DealFormInput;
  const errors = validationErrors((validate.errors ?? []) as Parameters<typeof validationErrors>[0], 'body');
  // `productTypeIds.0` is the field's problem.
  const byField = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field.split('.')[0]!, message]));
  throw fieldErrors(byField) ?? new HttpError(400, MESSAGES.validationFailed);
}

export default fp(
  async (fastify) => {
    fastify.revisions.register('deal', {
      async mayAccess(request, recordId) {
        const deal = await fastify.deals.ownerOf(recordId);
        return deal !== null && mayChangeDeal(staffViewer(request), deal);
      },
      async restore(request, recordId, snapshot) {
        const form = await readDealForm(fastify, checkedFields(request, snapshot));
        // Saved as the form saves (go-live scheduling included), recorded as a restore.
        const saved = await fastify.deals.update(recordId, form.values, form.productTypeIds, null, { request, revision: 'restore' });
        if (!saved) throw new HttpError(404, DEAL_MESSAGES.notFound);
        return REVISION_MESSAGES.restored;
      },
    });
  },
  { name: 'deal-revisions', dependencies: ['revisions', 'deals'] },
);
