/**
 * The validator's settings, one definition for the routes (Fastify's compiler) and the checks that
 * run outside a request (a feed's offers checked by the deal form's schema in a background job).
 */
export const AJV_CUSTOM_OPTIONS = {
  // Report every invalid field at once; `verbose` exposes the failing schema so its
  // `messages` (the spec's wording) can be answered.
  allErrors: true,
  verbose: true,
  keywords: ['messages'],
};
