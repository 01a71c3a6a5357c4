/** Deals ("Product"), their images and the public deal search. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common.js';

/** Deal card as listed publicly (spec §3 "Deal list card"). */
export const DealCardSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  filePath: Nullable(Type.String()),
  badgeText: Nullable(Type.String()),
  badgeColor: Nullable(Type.String()),
  likes: Type.Integer(),
  promoCode: Nullable(Type.String()),
  dealExpiresIn: Nullable(Type.String({ format: 'date-time' })),
  currentPrice: Type.Number(),
  previousPrice: Type.Number(),
  link: Type.String(),
});
export type DealCard = Static<typeof DealCardSchema>;

