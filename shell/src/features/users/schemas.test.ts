import { setPasswordSchema } from '../../lib/passwordRules';
import { changePasswordSchema, editUserSchema, newUserSchema } from './schemas';

const errorsOf = (schema: { validateSync: (value: unknown, options: { abortEarly: false }) => unknown }, value: unknown): string[] => {
  try {
    schema.validateSync(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

const valid = { username: 'carol', fullName: 'Carol King', email: 'carol@example.com', phone: '', password: 'password-1', confirmPassword: 'password-1', isActive: true, isAdmin: false };

describe('user form limits', () => {
  it('accepts a valid new user and refuses each field past its limit', () => {
    expect(errorsOf(newUserSchema, valid)).toEqual([]);
    expect(errorsOf(newUserSchema, { ...valid, username: 'u'.repeat(101) })).toEqual(['Username must be at most 100 characters']);
    expect(errorsOf(newUserSchema, { ...valid, fullName: 'f'.repeat(251) })).toEqual(['Full Name must be at most 250 characters']);
    expect(errorsOf(newUserSchema, { ...valid, email: `${'e'.repeat(240)}@example.com` })).toEqual(['Email must be at most 250 characters']);
    expect(errorsOf(newUserSchema, { ...valid, phone: '1'.repeat(21) })).toEqual(['Phone must be at most 20 characters']);
    const long = 'p'.repeat(101);
    expect(errorsOf(newUserSchema, { ...valid, password: long, confirmPassword: long })).toEqual(['Password must be at most 100 characters']);
    expect(errorsOf(newUserSchema, { ...valid, fullName: '   ' })).toEqual(['Full Name is required']);
  });

  it('applies the Edit-user and Change-password rules', () => {
    expect(errorsOf(editUserSchema, { fullName: 'A', email: 'a@b.co', phone: '1'.repeat(21) })).toEqual(['Phone must be at most 20 characters']);
    expect(errorsOf(changePasswordSchema, { oldPassword: 'x'.repeat(8), password: 'y'.repeat(101), confirmPassword: 'y'.repeat(101) })).toEqual(['New Password must be at most 100 characters']);
  });

  it('needs no password for an invited user, and the new-user password rules on a mailed link', () => {
    expect(errorsOf(newUserSchema, { ...valid, password: '', confirmPassword: '', sendInvite: true })).toEqual([]);
    expect(errorsOf(newUserSchema, { ...valid, password: '', confirmPassword: '' })).toEqual(expect.arrayContaining(['Password is required', 'Please confirm your new password']));
    expect(errorsOf(setPasswordSchema, { password: 'short', confirmPassword: 'other' })).toEqual(['Minimum password length must be at least 8 characters', 'Passwords do not match']);
    expect(errorsOf(setPasswordSchema, { password: 'long-enough', confirmPassword: 'long-enough' })).toEqual([]);
  });
});
