import { clip, collapseWhitespace, describeDeal, DESCRIPTION_MAX } from './text';
import { deal } from '../../testing/seoFixtures';

describe('collapseWhitespace', () => {
  it('turns runs of spaces, tabs and newlines into one space and trims', () => {
    expect(collapseWhitespace('  a\n\tb   c \r\n')).toBe('a b c');
    expect(collapseWhitespace(null)).toBe('');
  });
});

describe('clip', () => {
  it('keeps text that fits, whitespace collapsed', () => {
    expect(clip('Short   text\nhere.')).toBe('Short text here.');
    const exact = 'x'.repeat(DESCRIPTION_MAX);
    expect(clip(exact)).toBe(exact);
  });

  it('cuts long text at a word with an ellipsis, never past the limit', () => {
    const text = `${'word '.repeat(60)}end`;
    const clipped = clip(text);
    expect(clipped.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(clipped).toMatch(/word…$/);
    expect(clipped).not.toMatch(/\s…$/);
  });

  it('drops punctuation left dangling before the ellipsis', () => {
    expect(clip('alpha beta, gamma delta', 13)).toBe('alpha beta…');
  });

  it('cuts a single long word where it must', () => {
    const clipped = clip('y'.repeat(300));
    expect(clipped).toBe(`${'y'.repeat(DESCRIPTION_MAX - 1)}…`);
  });

  it('does not split a surrogate pair', () => {
    const clipped = clip(`${'z'.repeat(8)}😀😀😀`, 10);
    expect(clipped).toBe(`${'z'.repeat(8)}…`);
    expect(clipped).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('describeDeal', () => {
  it('says what, price, store, saving and promo code, then the details', () => {
    expect(describeDeal(deal())).toBe('Instant Pot Duo 7-in-1 for $59.50 at Walmart (40% off) with a promo code. Pressure cooker, slow cooker, rice cooker and more.');
  });

  it('leaves out a saving and a code the deal does not have', () => {
    expect(describeDeal(deal({ previousPrice: 59.5, promoCode: null, additionalInformation: null }))).toBe('Instant Pot Duo 7-in-1 for $59.50 at Walmart.');
    expect(describeDeal(deal({ promoCode: '  ', additionalInformation: '' }))).toBe('Instant Pot Duo 7-in-1 for $59.50 at Walmart (40% off).');
  });

  it('stays within 160 characters for long details', () => {
    const text = describeDeal(deal({ additionalInformation: 'Lots of detail. '.repeat(40) }));
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(text.startsWith('Instant Pot Duo 7-in-1 for $59.50 at Walmart (40% off) with a promo code. Lots of detail.')).toBe(true);
    expect(text.endsWith('…')).toBe(true);
  });
});
