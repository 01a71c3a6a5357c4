/** Stores ("Category"), product types ("Product Category") and featured sections. */
import { Type, type Static } from '@sinclair/typebox';
import { IsActiveQuerySchema, Nullable } from './common.js';
import { LIMITS } from './limits.js';

/** A store ("Category" in the API). */
export const StoreSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String({ maxLength: LIMITS.store.name }),
  imageFilePath: Nullable(Type.String()),
  isActive: Type.Boolean(),
  notifyImmediately: Type.Boolean(),
  sortOrder: Type.Integer(),
});
export type Store = Static<typeof StoreSchema>;

export const GetAllCategoriesQuerySchema = IsActiveQuerySchema;
export type GetAllCategoriesQuery = Static<typeof GetAllCategoriesQuerySchema>;

