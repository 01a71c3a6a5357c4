/**
 * Hostile values for the generated suite: what a careless or malicious client puts in a field.
 * Values are JSON texts (so a body can carry numbers JSON.stringify cannot write, such as 1e400),
 * and query or path values are URL-encoded texts (so a path can carry `%2e%2e` as sent).
 */
import fc from 'fast-check';

const CONTROL = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).filter((c) => c !== '\u0000');

/** Texts that need no special handling to be refused or stored safely (no NUL, no lone surrogate). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.array(fc.constantFrom(...CONTROL), { minLength: 1, maxLength: 20 }).map((chars) => chars.join('')),
  fc.constantFrom(
    '',
    ' ',
    '../../../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2f%2e%2e%2f',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    '=HYPERLINK("http://x")',
    '\u202eevil\u202c',
    '\u2028\u2029',
    '\uFEFF',
    '😀'.repeat(50),
    'constructor',
    'prototype',
    'toString',
    '{{7*7}}',
    '${process.exit()}',
    '0000-01-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
  ),
  fc.integer({ min: 300, max: 5000 }).map((n) => 'x'.repeat(n)),
);

/** Numbers at and beyond every bound, as JSON text. */
export const hostileNumberJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0', '-1', '-2147483649', '2147483648', '9007199254740993', '1e308', '1e400', '-1e400', '0.5', '-0', '1e-400', '99999999999999999999999999'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);

/** Any JSON value a field might be sent: wrong types, nesting, huge numbers. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileText.map((text) => JSON.stringify(text)) },
  { weight: 3, arbitrary: hostileNumberJson },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null', '{}', '[]', '[null]', '[[[]]]', '{"constructor":"x"}', '{"toString":1}', '["1","2"]') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
);

/** A URL-encoded query or path value. */
export const hostileUrlValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileText.map((text) => encodeURIComponent(text)) },
  { weight: 2, arbitrary: hostileNumberJson.map((text) => encodeURIComponent(text)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('..', '..%2f..%2f..%2fetc%2fpasswd', '%2e%2e', '%2e%2e%2f', '%252e%252e%252f', '....%2f%2f', '%c0%ae%c0%ae', '%ff%fe', '%e2%80%ae', '%', '%zz', 'true', 'yes'),
  },
);

/** Path parameters: traversal, unknown and negative ids, overlong segments. */
export const hostilePathValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('..', '%2e%2e', '..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fpackage.json', '..%5c..%5cwin.ini', '-1', '0', '2147483647', '99999999999999999999', 'a'.repeat(300), '%20', '.env', 'x.png%3f', 'x.webp'),
  hostileUrlValue.filter((value) => value.length > 0),
);

/** A valid id (within PostgreSQL's integer) that no fixture or generated request ever creates. */
export const UNKNOWN_ID = '2000000000';
