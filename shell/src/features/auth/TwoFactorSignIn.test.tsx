import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearSession, currentSession, hideToast } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import LoginPage from './LoginPage';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const renderLogin = () =>
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const token = unsignedToken({ sub: '5', IsAdmin: 'False', sid: 's-1' });
const signedIn = { id: 5, username: 'ann', firstName: 'Ann', lastName: 'Lee', token, refreshToken: 'r-5' };

async function enterPassword() {
  await userEvent.type(screen.getByLabelText('Username'), 'ann');
  await userEvent.type(screen.getByLabelText('Password'), 'ann-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('two-factor sign-in', () => {
  it('asks for the code after the password and signs in with it', async () => {
    const calls = serveFakeApi((config) =>
      config.url === 'Users/Authenticate' ? { status: 200, data: { twoFactorRequired: true, challenge: 'c-1' } } : { status: 200, data: signedIn },
    );
    renderLogin();
    await enterPassword();
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(currentSession().authToken).toBeNull();
    const verify = screen.getByRole('button', { name: 'Verify' });
    await userEvent.type(screen.getByLabelText('Code'), '12345');
    expect(verify).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Code'), '6');
    await userEvent.click(verify);
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/management/dashboard');
    expect(calls[1]).toMatchObject({ method: 'POST', url: 'Users/VerifyTwoFactor', body: { challenge: 'c-1', code: '123456' } });
    expect(currentSession()).toMatchObject({ authToken: token, refreshToken: 'r-5', user: { username: 'ann' } });
  });

  it('takes a recovery code instead, and shows a wrong code under the field', async () => {
    let attempts = 0;
    const calls = serveFakeApi((config) => {
      if (config.url === 'Users/Authenticate') return { status: 200, data: { twoFactorRequired: true, challenge: 'c-2' } };
      attempts += 1;
      return attempts === 1 ? { status: 401, data: { message: 'That code is not valid. Please try again.' } } : { status: 200, data: signedIn };
    });
    renderLogin();
    await enterPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code is not valid. Please try again.')).toBeInTheDocument();
    expect(currentSession().authToken).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/management/dashboard');
    expect(calls.filter((call) => call.url === 'Users/VerifyTwoFactor').map((call) => call.body)).toEqual([
      { challenge: 'c-2', code: 'abcde-12345' },
      { challenge: 'c-2', code: 'abcde-12345' },
    ]);
  });

  it('leads through the forced set-up: QR code and key, code, recovery codes, then signed in', async () => {
    const calls = serveFakeApi((config) => {
      if (config.url === 'Users/Authenticate') return { status: 200, data: { twoFactorSetupRequired: true, challenge: 'c-3' } };
      if (config.url === 'Users/TwoFactor/Start') return { status: 200, data: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Deals:ann?secret=JBSWY3DPEHPK3PXP&issuer=Deals' } };
      return { status: 200, data: { message: 'Two-factor sign-in is on.', recoveryCodes: ['aaaaa-11111', 'bbbbb-22222'], user: signedIn } };
    });
    renderLogin();
    await enterPassword();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(document.querySelector('.ant-qrcode canvas, .ant-qrcode svg, .ant-qrcode')).not.toBeNull();
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list).toHaveTextContent('aaaaa-11111');
    // The codes are shown before the session is stored.
    expect(currentSession().authToken).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/management/dashboard');
    expect(calls.map((call) => [call.url, call.body])).toEqual([
      ['Users/Authenticate', { email: 'ann', password: 'ann-password' }],
      ['Users/TwoFactor/Start', { challenge: 'c-3' }],
      ['Users/TwoFactor/Confirm', { code: '654321', challenge: 'c-3' }],
    ]);
  });

  it('goes back to the password when the challenge has expired', async () => {
    serveFakeApi((config) =>
      config.url === 'Users/Authenticate'
        ? { status: 200, data: { twoFactorRequired: true, challenge: 'c-4' } }
        : { status: 401, data: { message: 'Your sign-in has expired. Please sign in again.' } },
    );
    renderLogin();
    await enterPassword();
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your sign-in has expired');
  });
});
