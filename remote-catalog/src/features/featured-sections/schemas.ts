import { boolean, mixed, object, string, type InferType } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';

// Spec 2 §5 "Featured section": messages and limits from the API contract, so the form and the
// server say the same thing. The image is checked on submit (create only), not here: the Create
// button must stay clickable so a missing image can say "Please upload an Image".
const { featuredSection: limits } = LIMITS;

export const featuredSectionSchema = object({
  name: string()
    .trim()
    .required(MESSAGES.featuredSection.nameRequired)
    .max(limits.name, tooLongMessage('Feature Section Name', limits.name)),
  isActive: boolean().default(true),
  image: mixed<File>().nullable().default(null),
});

export type FeaturedSectionForm = InferType<typeof featuredSectionSchema>;

/** The search term length at which the deal picker starts asking the server (spec 2 §9). */
export const DEAL_SEARCH_MIN_CHARS = 3;
