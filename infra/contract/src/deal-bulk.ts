/**
 * Bulk actions on the admin deals table (`POST Product/BulkUpdateProducts`): the chosen
 * rows or every deal matching the table's filters, changed in one transaction. Staff change only
 * deals they added (as one at a time); the answer counts what was skipped and why.
 */
import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common.ts';
import { DEAL_TABLE_FILTERS } from './tables.ts';

export const DEAL_BULK_ACTIONS = ['activate', 'deactivate', 'delete', 'setExpiry', 'extendExpiry', 'addToFeaturedSection'] as const;
export type DealBulkAction = (typeof DEAL_BULK_ACTIONS)[number];

/** Chosen rows one call may name (a page holds at most 500); "all matching" sends the filter instead. */
export const DEAL_BULK_MAX_IDS = 1000;
/** The longest extension of an expiry: ten years. */
export const DEAL_BULK_MAX_EXTEND_DAYS = 3650;

export const DEAL_BULK_MESSAGES = {
  action: `action must be one of ${DEAL_BULK_ACTIONS.join(', ')}`,
  selection: 'Select the deals to change, or choose all deals matching the filter',
  bothSelections: 'Send either the chosen deals or the filter, not both',
  tooManyIds: `At most ${DEAL_BULK_MAX_IDS} chosen deals at once; choose all deals matching the filter instead`,
  expiresAt: 'Choose the new expiry date and time',
  days: `Choose a whole number of days from 1 to ${DEAL_BULK_MAX_EXTEND_DAYS}`,
  featuredSection: 'Choose a featured section',
  featuredSectionNotFound: 'Featured Section not found',
  /** Past participles for "N deals <done>". */
  done: {
    activate: 'activated',
    deactivate: 'deactivated',
    delete: 'deleted',
    setExpiry: 'given the new expiry',
    extendExpiry: 'extended',
    addToFeaturedSection: 'added to the featured section',
  } satisfies Record<DealBulkAction, string>,
  /** Why rows were skipped, as "N <reason>". */
  skipped: {
    notOwner: 'added by someone else (staff change only their own deals)',
    unchanged: 'already as asked',
    noExpiry: 'without an expiry date to extend',
    startsAfterExpiry: 'that start after the new expiry',
    alreadyInSection: 'already in the section',
  },
} as const;

export type DealBulkSkipReason = keyof typeof DEAL_BULK_MESSAGES.skipped;

const deals = (count: number) => (count === 1 ? '1 deal' : `${count.toLocaleString('en-US')} deals`);

/** "12 deals deactivated; 3 skipped: 2 added by someone else …, 1 already as asked". */
export function dealBulkMessage(action: DealBulkAction, changed: number, skipped: readonly { reason: DealBulkSkipReason; count: number }[]): string {
  const done = `${deals(changed)} ${DEAL_BULK_MESSAGES.done[action]}`;
  const total = skipped.reduce((sum, entry) => sum + entry.count, 0);
  if (total === 0) return done;
  return `${done}; ${total.toLocaleString('en-US')} skipped: ${skipped.map((entry) => `${entry.count.toLocaleString('en-US')} ${DEAL_BULK_MESSAGES.skipped[entry.reason]}`).join(', ')}`;
}

export const DealBulkFilterSchema = Type.Object({
  isActive: Type.Optional(Type.Boolean({ messages: { type: 'isActive must be true or false' } })),
  ...DEAL_TABLE_FILTERS,
});
export type DealBulkFilter = Static<typeof DealBulkFilterSchema>;

export const BulkUpdateProductsBodySchema = Type.Object({
  action: Type.Unsafe<DealBulkAction>(Type.String({ enum: [...DEAL_BULK_ACTIONS], messages: { enum: DEAL_BULK_MESSAGES.action, type: DEAL_BULK_MESSAGES.action, required: DEAL_BULK_MESSAGES.action } })),
  /** The chosen rows. */
  ids: Type.Optional(Type.Array(IdSchema('ids'), { minItems: 1, maxItems: DEAL_BULK_MAX_IDS, messages: { minItems: DEAL_BULK_MESSAGES.selection, maxItems: DEAL_BULK_MESSAGES.tooManyIds } })),
  /** Or every deal matching the table's filters ("all N matching"). */
  filter: Type.Optional(DealBulkFilterSchema),
  /** setExpiry: the new expiry (ISO 8601). */
  expiresAt: Type.Optional(Type.String({ format: 'date-time', messages: { format: DEAL_BULK_MESSAGES.expiresAt, type: DEAL_BULK_MESSAGES.expiresAt } })),
  /** extendExpiry: days added to each expiry. */
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: DEAL_BULK_MAX_EXTEND_DAYS, messages: { type: DEAL_BULK_MESSAGES.days, minimum: DEAL_BULK_MESSAGES.days, maximum: DEAL_BULK_MESSAGES.days } })),
  /** addToFeaturedSection: the section. */
  featuredSectionId: Type.Optional(IdSchema('featuredSectionId')),
});
export type BulkUpdateProductsBody = Static<typeof BulkUpdateProductsBodySchema>;

export const BulkUpdateProductsResponseSchema = Type.Object({
  message: Type.String(),
  /** Deals the selection named that exist. */
  matched: Type.Integer(),
  changed: Type.Integer(),
  skipped: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer(), text: Type.String() })),
});
export type BulkUpdateProductsResponse = Static<typeof BulkUpdateProductsResponseSchema>;
