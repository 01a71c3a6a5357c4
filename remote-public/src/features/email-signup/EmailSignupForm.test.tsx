import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { serveFakeFetch } from '../../testing/fakeFetch';
import { resetSiteInfo } from '../../lib/siteInfo';
import { EmailSignupForm, emailProblem } from './EmailSignupForm';
import EmailSignupPage from './EmailSignupPage';

beforeEach(() => {
  localStorage.clear();
  delete window.__DEALS_CONFIG__;
  resetSiteInfo();
});
afterEach(() => {
  delete window.__DEALS_CONFIG__;
});

describe('emailProblem', () => {
  it('uses the API messages for empty, invalid and too long addresses', () => {
    expect(emailProblem('')).toBe('Email is required');
    expect(emailProblem('jane@')).toBe('Please enter valid email');
    expect(emailProblem('a@b@c.com')).toBe('Please enter valid email');
    expect(emailProblem('<script>@example.com')).toBe('Please enter valid email');
    expect(emailProblem(`${'a'.repeat(200)}@example.com`)).toBe('Email must be at most 200 characters');
    expect(emailProblem('jane.doe+deals@example.co.uk')).toBeNull();
  });
});

describe('EmailSignupForm', () => {
  it('has a required email field of at most 200 characters and shows the messages', async () => {
    const calls = serveFakeFetch(() => ({ status: 200, data: { message: 'Thanks for signing up!' } }));
    const user = userEvent.setup();
    render(<EmailSignupForm />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('maxLength', '200');

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled();

    await user.type(input, 'jane@example');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter valid email');
    await user.type(input, '.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('posts to EmailBlast/Subscribe without an action URL, shows the answer and remembers the signup', async () => {
    const calls = serveFakeFetch(() => ({ status: 200, data: { message: 'Thanks for signing up!' } }));
    const onSignedUp = jest.fn();
    const user = userEvent.setup();
    render(<EmailSignupForm onSignedUp={onSignedUp} />);
    expect(screen.getByRole('button', { name: 'Sign Up' }).closest('form')).not.toHaveAttribute('action');

    await user.type(screen.getByLabelText('Email'), '  jane@example.com {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks for signing up!');
    expect(calls).toEqual([{ method: 'POST', path: 'EmailBlast/Subscribe', query: {}, body: { email: 'jane@example.com' } }]);
    expect(localStorage.getItem('has_signed')).toBe('true');
    expect(onSignedUp).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and does not remember a signup", async () => {
    serveFakeFetch(() => ({ status: 429, data: { message: 'Too many requests. Please slow down and try again shortly.' } }));
    const onSignedUp = jest.fn();
    const user = userEvent.setup();
    render(<EmailSignupForm onSignedUp={onSignedUp} />);
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please slow down and try again shortly.');
    expect(localStorage.getItem('has_signed')).toBeNull();
    expect(onSignedUp).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Email')).toHaveValue('jane@example.com');
  });

  it('is a real form post to the external service when an action URL is configured', async () => {
    window.__DEALS_CONFIG__ = { emailSignupActionUrl: 'https://mail.example.com/subscribe?u=1' };
    const calls = serveFakeFetch(() => ({ status: 500 }));
    // jsdom cannot navigate: stop the browser's own submission after the component's handler ran.
    const stopNavigation = (event: Event) => event.preventDefault();
    window.addEventListener('submit', stopNavigation);
    const onSignedUp = jest.fn();
    const user = userEvent.setup();
    render(<EmailSignupForm compact onSignedUp={onSignedUp} />);
    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form');
    expect(form).toHaveAttribute('action', 'https://mail.example.com/subscribe?u=1');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('target', '_blank');
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'email');

    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    expect(onSignedUp).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'sam@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    window.removeEventListener('submit', stopNavigation);
    expect(onSignedUp).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('has_signed')).toBe('true');
    // The browser reads the field after the handler: it must still hold the address.
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.org');
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for signing up!');
    expect(calls).toHaveLength(0);
  });
});

describe('EmailSignupPage', () => {
  it('shows the Email Blast heading and form and names the page', async () => {
    serveFakeFetch(({ path }) => (path === 'Home/GetCMSInfo' ? { status: 200, data: { companyName: 'Bargain Bay' } } : { status: 404 }));
    render(
      <MemoryRouter>
        <EmailSignupPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Email Blast' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Email Blast | Bargain Bay'));
  });
});
