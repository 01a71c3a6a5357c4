import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import { imageEntitySchema, type NameRule } from '../../components/imageEntity';
import { affiliateRules } from './affiliate';

/** Spec §5 Store: name required (Store Name is required), at most 250 characters. */
export const STORE_NAME: NameRule = { label: 'Store Name', max: LIMITS.store.name, required: MESSAGES.store.nameRequired };

/** The name's rules and the affiliate fields' (affiliate.tsx). */
export const storeSchema = imageEntitySchema(STORE_NAME, affiliateRules);
