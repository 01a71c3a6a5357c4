import { decodeToken, isAdminToken } from './token';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: object) => `${encode({ alg: 'HS256' })}.${encode(claims)}.sig`;

describe('decodeToken', () => {
  it('reads the claims of a JWT, including non-ASCII text', () => {
    expect(decodeToken(token({ unique_name: 'zoë', exp: 10 }))).toEqual({ unique_name: 'zoë', exp: 10 });
  });

  it.each([null, undefined, '', 'abc', 'a.%%%.c', `${encode({})}.${Buffer.from('[1]').toString('base64url')}.x`])(
    'answers null for %p',
    (value) => {
      expect(decodeToken(value)).toBeNull();
    },
  );
});

describe('isAdminToken', () => {
  it('is true only when the IsAdmin claim is the text True', () => {
    expect(isAdminToken(token({ IsAdmin: 'True' }))).toBe(true);
    expect(isAdminToken(token({ IsAdmin: 'False' }))).toBe(false);
    expect(isAdminToken(token({ IsAdmin: true }))).toBe(false);
    expect(isAdminToken('garbage')).toBe(false);
  });
});
