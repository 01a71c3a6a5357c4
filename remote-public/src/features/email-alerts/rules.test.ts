import { ApiError } from '../../lib/http';
import { addStore, addWord, emailProblem, failureOf, followsProblem, initialChoice, NO_FOLLOWS } from './rules';

const many = (n: number) => ({ words: Array.from({ length: n }, (_, i) => `word ${i}`), stores: [] });

describe('email alert rules', () => {
  it('words the address problems as the API does', () => {
    expect(emailProblem('')).toBe('Email is required');
    expect(emailProblem('jane@')).toBe('Please enter valid email');
    expect(emailProblem(`${'a'.repeat(240)}@example.com`)).toBe('Email must be at most 250 characters');
    expect(emailProblem('jane.doe+deals@example.co.uk')).toBeNull();
  });

  it('adds words in their stored form, once, within the limit', () => {
    expect(addWord(NO_FOLLOWS, '  AirPods-Pro ').choice).toEqual({ words: ['airpods pro'], stores: [] });
    const once = addWord(NO_FOLLOWS, 'lego').choice!;
    expect(addWord(once, 'LEGO').choice).toBe(once);
    expect(addWord(NO_FOLLOWS, 'a')).toEqual({ problem: 'A followed word must be 2 to 40 letters or digits long', field: 'words' });
    expect(addWord(NO_FOLLOWS, ' ?! ')).toEqual({ problem: 'Enter a word to follow', field: 'words' });
    expect(addWord(many(20), 'one more')).toEqual({ problem: 'You can follow at most 20 words and stores. Remove one to add another.', field: 'follows' });
    expect(addStore(many(20), { id: 1, name: 'Acme' }).field).toBe('follows');
    expect(addStore(NO_FOLLOWS, { id: 1, name: 'Acme' }).choice).toEqual({ words: [], stores: [{ id: 1, name: 'Acme' }] });
  });

  it('needs one follow at least', () => {
    expect(followsProblem(NO_FOLLOWS)).toBe('Choose at least one word or store to follow.');
    expect(followsProblem(many(1))).toBeNull();
  });

  it('keeps only what can be followed of a prefill', () => {
    expect(initialChoice(['  Lego ', 'a', 'lego'], [{ id: 3, name: 'Acme' }, { id: 3, name: 'Acme' }])).toEqual({ words: ['lego'], stores: [{ id: 3, name: 'Acme' }] });
  });

  it('puts the API field messages under their fields and the rest on the form', () => {
    expect(failureOf(new ApiError(400, 'Please enter valid email', { email: 'Please enter valid email', 'words.1': 'Too long', 'storeIds.0': 'That store does not exist' }))).toEqual({
      fields: { email: 'Please enter valid email', words: 'Too long', storeIds: 'That store does not exist' },
      message: null,
    });
    expect(failureOf(new ApiError(429, 'Too many requests'))).toEqual({ fields: {}, message: 'Too many requests' });
    expect(failureOf(new ApiError(400, 'This link is invalid or has expired.', { token: 'This link is invalid or has expired.' }))).toEqual({
      fields: {},
      message: 'This link is invalid or has expired.',
    });
    expect(failureOf(new Error('boom'))).toEqual({ fields: {}, message: 'Something went wrong. Please try again.' });
  });
});
