// What the deals feature lends the rest of the catalog: the deal form's rules, values and
// affiliate-link block, so a screen that edits a deal elsewhere (the feed review queue's "Edit then
// accept") checks and sends it exactly as the deal form does.
export { blankDeal, dealSchema, DEAL_SERVER_FIELDS, type DealFormValues } from './schemas';
export { toDealFields } from './dealValues';
export { AffiliateLink } from './AffiliateLink';
