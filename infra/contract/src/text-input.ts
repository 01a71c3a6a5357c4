/**
 * What the API refuses in any text it is sent, whatever the field: characters PostgreSQL cannot
 * store (NUL) and ill-formed Unicode (a lone surrogate), which would otherwise be stored altered.
 */
export const TEXT_INPUT_MESSAGES = {
  /** A field's text holds a NUL character or half of a surrogate pair. */
  invalidCharacters: 'contains characters that are not allowed',
  /** A JSON body whose bytes are not UTF-8. */
  invalidEncoding: 'The request body is not valid UTF-8 text.',
  /** A form the server could not read (cut short, or a boundary that is not in the body). */
  malformedForm: 'The form could not be read. Send a complete multipart/form-data body.',
  /** A body or form field larger than the server accepts. */
  tooLarge: 'The request is too large.',
} as const;

// In Unicode mode a surrogate pair is one code point, so \p{Cs} matches only an unpaired half.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True when `text` can be stored as it is: well-formed UTF-16 without NUL characters. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}
