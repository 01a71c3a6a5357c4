import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { hideToast, clearSession, currentSession, setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import { EMAIL_MESSAGES } from '@deals/contract';
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

const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('Login', () => {
  it('shows the required messages and keeps Sign In disabled while invalid', async () => {
    renderLogin();
    expect(signInButton()).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Username'));
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.tab();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    expect(signInButton()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(signInButton()).toBeEnabled());
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in with the username in the email field and goes to the dashboard', async () => {
    const token = unsignedToken({ sub: '1', IsAdmin: 'True' });
    const calls = serveFakeApi(() => ({ status: 200, data: { id: 1, username: 'admin', firstName: 'Site', lastName: 'Admin', token, refreshToken: 'r-1' } }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'admin-password');
    await userEvent.click(signInButton());
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/management/dashboard');
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: 'Users/Authenticate', body: { email: 'admin', password: 'admin-password' } })]);
    expect(currentSession()).toMatchObject({ authToken: token, refreshToken: 'r-1', isAdmin: true, user: { username: 'admin', firstName: 'Site' } });
  });

  it("shows the server's refusal as an error toast and stays", async () => {
    serveFakeApi(() => ({ status: 401, data: { message: 'Invalid username or password.' } }));
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(signInButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(currentSession().authToken).toBeNull();
    await waitFor(() => expect(signInButton()).toBeEnabled());
  });

  it('offers Recover Account, which checks the email, asks for a reset link without a session and says so', async () => {
    const calls = serveFakeApi(() => ({ status: 200, data: { message: EMAIL_MESSAGES.resetRequested } }));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: /Recover Account/ }));
    expect(screen.getByRole('heading', { name: 'Recover Account' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.tab();
    expect(await screen.findByText('Please enter valid email')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), ' ann@example.com ');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_MESSAGES.resetRequested);
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', url: 'Users/RequestPasswordReset', body: { email: 'ann@example.com' }, auth: undefined })]);
    expect(screen.getByRole('heading', { name: 'Recover Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
  });

  it("puts the server's field message under Email", async () => {
    serveFakeApi(() => ({ status: 400, data: { message: 'Please enter valid email', errors: { email: 'Please enter valid email' } } }));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: /Recover Account/ }));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter valid email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows why the request was refused when it is too soon to ask again', async () => {
    serveFakeApi(() => ({ status: 429, data: { message: 'Too many requests. Try again in a minute.' } }));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: /Recover Account/ }));
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in a minute.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the message another page hands over, or opens Recover Account when asked to', async () => {
    const { unmount } = render(
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { notice: EMAIL_MESSAGES.resetDone } }]}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_MESSAGES.resetDone);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter initialEntries={[{ pathname: '/login', state: { recover: true } }]}>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Recover Account' })).toBeInTheDocument();
  });

  it('Back to Login returns to the sign-in view', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: /Recover Account/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('sends someone already signed in to the dashboard', async () => {
    setSession({ id: 1, username: 'admin' }, unsignedToken({ sub: '1' }), 'r');
    renderLogin();
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/management/dashboard');
  });
});
