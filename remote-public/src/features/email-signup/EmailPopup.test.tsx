import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { serveFakeFetch } from '../../testing/fakeFetch';
import EmailPopup from './EmailPopup';

const NOW = new Date('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <EmailPopup />
    </MemoryRouter>,
  );
const dialog = () => screen.queryByRole('dialog', { name: 'Join Our Email Blast' });
const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
  localStorage.clear();
});
afterEach(() => jest.useRealTimers());

describe('EmailPopup', () => {
  it('opens 5 s after load, not before, with the form and Maybe Later', async () => {
    renderAt('/home');
    wait(4999);
    expect(dialog()).not.toBeInTheDocument();
    wait(1);
    // The dialog's code loads when it opens.
    expect(await screen.findByRole('dialog', { name: 'Join Our Email Blast' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
  });

  it('never opens on the signup page', () => {
    renderAt('/email-blast-signup');
    wait(60_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('never opens after a signup', () => {
    localStorage.setItem('has_signed', 'true');
    renderAt('/deals');
    wait(60_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('stays away within 3 days of Maybe Later and returns after', () => {
    localStorage.setItem('email_popup_dismissed_at', new Date(NOW.getTime() - 3 * DAY + 60_000).toISOString());
    const first = renderAt('/home');
    wait(10_000);
    expect(dialog()).not.toBeInTheDocument();
    first.unmount();

    localStorage.setItem('email_popup_dismissed_at', new Date(NOW.getTime() - 3 * DAY - 60_000).toISOString());
    renderAt('/home');
    wait(5000);
    expect(dialog()).toBeInTheDocument();
  });

  it('Maybe Later closes it and stores the date', () => {
    renderAt('/home');
    wait(5000);
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem('email_popup_dismissed_at')).toBe(new Date(NOW.getTime() + 5000).toISOString());
    wait(60_000);
    expect(dialog()).not.toBeInTheDocument();
  });

  it('counts Escape as Maybe Later', () => {
    renderAt('/home');
    wait(5000);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem('email_popup_dismissed_at')).not.toBeNull();
  });

  it('after a signup in the popup offers Done, which stores no dismissal', async () => {
    const calls = serveFakeFetch(() => ({ status: 200, data: { message: 'Thanks for signing up!' } }));
    renderAt('/home');
    wait(5000);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(calls.map((call) => call.body)).toEqual([{ email: 'jane@example.com' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Thanks for signing up!');
    expect(localStorage.getItem('has_signed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(dialog()).not.toBeInTheDocument();
    expect(localStorage.getItem('email_popup_dismissed_at')).toBeNull();
  });
});
