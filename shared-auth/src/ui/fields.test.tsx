import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, useWatch } from 'react-hook-form';
import { maskPhone, PasswordField, PhoneField } from './fields';

describe('maskPhone', () => {
  it('formats digits as (999) 999-9999 and drops anything else', () => {
    expect(maskPhone('5551234567')).toBe('(555) 123-4567');
    expect(maskPhone('555-123-4567 ext 9')).toBe('(555) 123-4567');
    expect(maskPhone('555')).toBe('(555');
    expect(maskPhone('abc')).toBe('');
  });
});

function Probe() {
  const { control } = useForm({ defaultValues: { phone: '', password: 'hunter22' } });
  const phone = useWatch({ control, name: 'phone' });
  return (
    <>
      <PhoneField control={control} name="phone" label="Phone" />
      <PasswordField control={control} name="password" label="Password" />
      <output>{phone}</output>
    </>
  );
}

describe('fields', () => {
  it('masks the phone as it is typed', async () => {
    render(<Probe />);
    await userEvent.type(screen.getByLabelText('Phone'), '5551234567');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123-4567');
    expect(screen.getByRole('status')).toHaveTextContent('(555) 123-4567');
  });

  it('shows and hides the password', async () => {
    render(<Probe />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveTextContent('Hide');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
