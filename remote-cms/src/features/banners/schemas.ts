import { boolean, object, string, type InferType } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';

/** Spec 2 §5 Banner: name required, at most 150 characters. */
export const bannerSchema = object({
  name: string()
    .default('')
    .trim()
    .required(MESSAGES.banner.nameRequired)
    .max(LIMITS.banner.name, tooLongMessage('Banner Name', LIMITS.banner.name)),
  isActive: boolean().default(true),
});

export type BannerFormValues = InferType<typeof bannerSchema>;
