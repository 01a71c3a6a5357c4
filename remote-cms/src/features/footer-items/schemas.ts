import { object, string, type InferType } from 'yup';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES, tooLongMessage } from '@deals/contract/messages';
import { CMS_MESSAGES, linkProblem } from '@deals/contract/page-rules';

// Spec 2 §5 "Footer item": the contract's limits, messages and link rule, so the modal and the
// server say the same thing.
const { footerItem: limits } = LIMITS;

export const footerItemSchema = object({
  label: string()
    .trim()
    .required(MESSAGES.footerItem.labelRequired)
    .max(limits.label, tooLongMessage('Footer label', limits.label)),
  to: string()
    .trim()
    .required(MESSAGES.footerItem.toRequired)
    .max(limits.to, tooLongMessage('Link', limits.to))
    .test('link', CMS_MESSAGES.linkInvalid, function check(link) {
      const problem = link ? linkProblem(link) : null;
      return problem ? this.createError({ message: problem }) : true;
    }),
});

export type FooterItemForm = InferType<typeof footerItemSchema>;

export const BLANK_FOOTER_ITEM: FooterItemForm = { label: '', to: '' };
