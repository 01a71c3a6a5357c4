import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { EMAIL_MESSAGES, type PasswordTokenInfo } from '@deals/contract';
import { MESSAGES } from '@deals/contract/messages';
import { clearSession, currentSession, hideToast, setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import ResetPasswordPage from './ResetPasswordPage';

function LoginProbe() {
  const { pathname, state } = useLocation();
  return <p data-testid="login">{`${pathname} ${JSON.stringify(state)}`}</p>;
}

const renderPage = (search = '?token=link-token') =>
  render(
    <MemoryRouter initialEntries={[`/reset-password${search}`]}>
      <Routes>
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );

const tokenInfo = (purpose: PasswordTokenInfo['purpose']): PasswordTokenInfo => ({ username: 'carol', purpose, expiresAt: '2026-07-01T12:30:00.000Z' });

type Answer = { status: number; data?: unknown };

/** GetPasswordToken answers `info`; ResetPassword answers `reset`. */
function serveLink(info: Answer, reset: Answer = { status: 200, data: { message: EMAIL_MESSAGES.resetDone } }) {
  return serveFakeApi((config: InternalAxiosRequestConfig) => (config.url === 'Users/GetPasswordToken' ? info : config.url === 'Users/ResetPassword' ? reset : { status: 404, data: { message: 'Not found' } }));
}

const passwordField = () => screen.getByLabelText('New password');
const confirmField = () => screen.getByLabelText('Confirm password');
const saveButton = () => screen.getByRole('button', { name: 'Save Password' });

async function typePasswords(password: string, confirm = password) {
  await userEvent.type(passwordField(), password);
  await userEvent.type(confirmField(), confirm);
  await userEvent.tab();
}

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('the reset password page', () => {
  it('asks whose reset link it is, without any session token, and titles the page for a reset', async () => {
    setSession({ id: 4, username: 'someone-else' }, unsignedToken({ sub: '4' }), 'r');
    const calls = serveLink({ status: 200, data: tokenInfo('reset') });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByText('carol')).toBeInTheDocument();
    expect(screen.getByText(/This link works until/)).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: 'Users/GetPasswordToken', body: { token: 'link-token' }, auth: undefined })]);
  });

  it('welcomes an invited user', async () => {
    serveLink({ status: 200, data: tokenInfo('invite') });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Welcome — choose your password' })).toBeInTheDocument();
    expect(screen.getByText('carol')).toBeInTheDocument();
  });

  it("shows the server's word on a bad link, with the way to a new one from Recover Account", async () => {
    serveLink({ status: 400, data: { message: EMAIL_MESSAGES.resetLinkInvalid } });
    renderPage('?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_MESSAGES.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Recover Account' }));
    expect(await screen.findByTestId('login')).toHaveTextContent('/login {"recover":true}');
  });

  it('asks the server about a link without its token too, and shows its answer', async () => {
    const calls = serveLink({ status: 400, data: { message: EMAIL_MESSAGES.tokenRequired } });
    renderPage('');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_MESSAGES.tokenRequired);
    expect(calls[0]?.body).toEqual({ token: '' });
  });

  it('offers to try again when the link could not be checked', async () => {
    let down = true;
    serveFakeApi(() => (down ? { status: 500, data: { message: 'Database unavailable' } } : { status: 200, data: tokenInfo('reset') }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
  });

  it('checks the new password with the new-user rules, and shows or hides it', async () => {
    serveLink({ status: 200, data: tokenInfo('reset') });
    renderPage();
    await screen.findByRole('heading', { name: 'Set a new password' });
    expect(saveButton()).toBeDisabled();
    await userEvent.click(passwordField());
    await userEvent.click(confirmField());
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.user.passwordRequired)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.user.confirmRequired)).toBeInTheDocument();
    await userEvent.type(passwordField(), 'short');
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.user.passwordMin)).toBeInTheDocument();
    await userEvent.type(passwordField(), '-enough');
    await userEvent.type(confirmField(), 'different');
    await userEvent.tab();
    expect(await screen.findByText(MESSAGES.user.passwordsDoNotMatch)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    expect(passwordField()).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(passwordField()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('saves the password with the token and goes to /login with the message, ending the same user’s session here', async () => {
    setSession({ id: 9, username: 'carol' }, unsignedToken({ sub: '9' }), 'r');
    const calls = serveLink({ status: 200, data: tokenInfo('invite') });
    renderPage();
    await screen.findByRole('heading', { name: 'Welcome — choose your password' });
    await typePasswords('carol-password');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.click(saveButton());
    expect(await screen.findByTestId('login')).toHaveTextContent(`/login ${JSON.stringify({ notice: EMAIL_MESSAGES.resetDone })}`);
    expect(calls.at(-1)).toEqual(
      expect.objectContaining({ method: 'POST', url: 'Users/ResetPassword', body: { token: 'link-token', password: 'carol-password', confirmPassword: 'carol-password' }, auth: undefined }),
    );
    expect(currentSession().authToken).toBeNull();
  });

  it("puts the server's field messages under the fields", async () => {
    serveLink({ status: 200, data: tokenInfo('reset') }, { status: 400, data: { message: 'Passwords do not match', errors: { confirmPassword: 'Passwords do not match' } } });
    renderPage();
    await screen.findByRole('heading', { name: 'Set a new password' });
    await typePasswords('carol-password');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.click(saveButton());
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(confirmField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('login')).not.toBeInTheDocument();
  });

  it('turns to the bad-link view when the link stopped working while the password was typed', async () => {
    serveLink({ status: 200, data: tokenInfo('reset') }, { status: 400, data: { message: EMAIL_MESSAGES.resetLinkInvalid } });
    renderPage();
    await screen.findByRole('heading', { name: 'Set a new password' });
    await typePasswords('carol-password');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_MESSAGES.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Recover Account' })).toBeInTheDocument();
  });

  it('shows a refusal that is not about the link above the form', async () => {
    serveLink({ status: 200, data: tokenInfo('reset') }, { status: 429, data: { message: 'Too many requests. Try again in a minute.' } });
    renderPage();
    await screen.findByRole('heading', { name: 'Set a new password' });
    await typePasswords('carol-password');
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in a minute.');
    expect(passwordField()).toBeInTheDocument();
  });
});
