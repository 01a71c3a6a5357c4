import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { hideToast, clearSession, runConfirmedAction, setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import { readCsvDownloads } from '@deals/shared-auth/ui-testing';
import { EMAIL_MESSAGES } from '@deals/contract';
import { AntdRoot } from '../../lib/AntdRoot';
import UsersPage from './UsersPage';

const USERS = [
  { id: 1, username: 'admin', fullName: 'Site Admin', firstName: 'Site', lastName: 'Admin', email: 'admin@example.com', phone: null, isActive: true, isAdmin: true },
  { id: 2, username: 'ann', fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '(555) 123-4567', isActive: true, isAdmin: false },
  { id: 3, username: 'bob', fullName: 'Bob Stone', firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com', phone: null, isActive: false, isAdmin: false },
];

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data?: unknown } | undefined;

/** The Users calls answered from USERS (paged by the server; here filtered by username only); `extra` answers anything else first. */
function serveUsers(extra: Handler = () => undefined) {
  return serveFakeApi((config) => {
    const answer = extra(config);
    if (answer) return answer;
    if (config.url === 'Users/GetAllUsers') {
      const params = (config.params ?? {}) as { username?: string; page?: number; pageSize?: number };
      const items = USERS.filter((user) => user.username.toLowerCase().includes(String(params.username ?? '').toLowerCase()));
      return { status: 200, data: { items, total: items.length, page: params.page, pageSize: params.pageSize } };
    }
    if (config.url === 'Users/ExportUsersCsv') return { status: 200, data: new Blob(['\uFEFFUsername,Full Name,Is User Active?,Is User Admin?\r\nann,Ann Lee,Yes,No\r\n'], { type: 'text/csv' }) };
    if (config.url === 'Users/GetUser') return { status: 200, data: USERS.find((user) => user.id === (config.params as { id: number }).id) };
    return { status: 404, data: { message: 'Not found' } };
  });
}

const signInAs = (id: number, admin: boolean) => {
  const user = USERS.find((candidate) => candidate.id === id);
  setSession({ id, username: user?.username ?? 'x' }, unsignedToken({ sub: String(id), IsAdmin: admin ? 'True' : 'False' }), 'r');
};

function LocationSearch() {
  return <div data-testid="location-search">{useLocation().search}</div>;
}

const renderPage = (path = '/admin/management/users') =>
  render(
    <AntdRoot>
      <MemoryRouter initialEntries={[path]}>
        <UsersPage />
        <LocationSearch />
      </MemoryRouter>
    </AntdRoot>,
  );

const rowOf = async (username: string) => (await screen.findByText(username, { selector: 'td, td *' })).closest('tr') as HTMLElement;

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('Users list', () => {
  it('shows the columns with Yes/No and, to an admin, Add New User and View on every row', async () => {
    signInAs(1, true);
    serveUsers();
    renderPage();
    const bob = await rowOf('bob');
    // Admins also get End all sessions on every row (two-factor and sessions).
    expect(within(bob).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['ViewEnd all sessions', 'bob', 'Bob Stone', 'No', 'No']);
    for (const name of ['Actions', 'Username', 'Full Name', 'Is User Active?', 'Is User Admin?']) expect(screen.getByRole('columnheader', { name: new RegExp(name.replace('?', '\\?')) })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add New User/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^View/ })).toHaveLength(3);
    // The admin's own row also lets them change their own password.
    expect(within(await rowOf('admin')).getByRole('button', { name: /Reset Password/ })).toBeInTheDocument();
    expect(within(bob).queryByRole('button', { name: /Reset Password/ })).not.toBeInTheDocument();
  });

  it('shows a non-admin no Add New User, no View, and Reset Password only on their own row', async () => {
    signInAs(2, false);
    serveUsers();
    renderPage();
    const ann = await rowOf('ann');
    expect(within(ann).getByRole('button', { name: /Reset Password/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Reset Password/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Add New User/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^View/ })).not.toBeInTheDocument();
  });

  it('asks the server for the first page, 100 rows', async () => {
    signInAs(1, true);
    const calls = serveUsers();
    renderPage();
    await rowOf('bob');
    expect(calls.find((call) => call.url === 'Users/GetAllUsers')?.params).toEqual({ page: 1, pageSize: 100 });
    expect(screen.getByText(/of 3$/)).toBeInTheDocument();
  });

  it('asks the server for the filtered page and keeps the filter in the address', async () => {
    signInAs(1, true);
    const calls = serveUsers();
    renderPage();
    await rowOf('bob');
    await userEvent.type(screen.getByLabelText('Username', { selector: 'input' }), 'AN');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('bob')).not.toBeInTheDocument());
    expect(await rowOf('ann')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === 'Users/GetAllUsers').at(-1)?.params).toEqual({ username: 'AN', page: 1, pageSize: 100 });
    await waitFor(() => expect(screen.getByTestId('location-search')).toHaveTextContent('?username=AN'));
  });

  it('starts from the state in the address: filter, sort and page', async () => {
    signInAs(1, true);
    const calls = serveUsers();
    renderPage('/admin/management/users?username=an&isAdmin=false&sort=fullName.desc&page=2&pageSize=25');
    await waitFor(() => expect(calls.some((call) => call.url === 'Users/GetAllUsers')).toBe(true));
    expect(calls.find((call) => call.url === 'Users/GetAllUsers')?.params).toEqual({ username: 'an', isAdmin: 'false', sortBy: 'fullName', order: 'desc', page: 2, pageSize: 25 });
    expect(screen.getByLabelText('Username', { selector: 'input' })).toHaveValue('an');
  });

  it('downloads every matching user as CSV from the server, with the filters of the table', async () => {
    signInAs(1, true);
    const calls = serveUsers();
    const downloads = readCsvDownloads();
    renderPage('/admin/management/users?username=an');
    await rowOf('ann');
    await userEvent.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(async () => expect(await downloads()).toEqual([{ name: 'users.csv', text: 'Username,Full Name,Is User Active?,Is User Admin?\r\nann,Ann Lee,Yes,No\r\n' }]));
    const exported = calls.find((call) => call.url === 'Users/ExportUsersCsv');
    expect(exported?.params).toMatchObject({ username: 'an' });
    expect(exported?.params).not.toHaveProperty('page');
  });

  it('shows the server message when the list cannot be loaded', async () => {
    signInAs(1, true);
    serveFakeApi(() => ({ status: 500, data: { message: 'Database unavailable' } }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });
});

/** A field of the open modal (the table's filter form has fields of the same names). */
const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label, { selector: 'input' });

/** Types the text at the end of the field in one input event (keystroke-by-keystroke antd is slow in jsdom), then leaves it. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
  await userEvent.tab();
}

describe('Add New User', () => {

  it('shows every New-user message and keeps Add User disabled while invalid', async () => {
    signInAs(1, true);
    serveUsers();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add New User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    const add = within(dialog).getByRole('button', { name: 'Add User' });
    expect(add).toBeDisabled();
    for (const label of ['Username', 'Full Name', 'Email', 'Password', 'Confirm Password']) await userEvent.click(field(label));
    await userEvent.click(field('Phone'));
    for (const message of ['Username is required', 'Full Name is required', 'Email is required', 'Password is required', 'Please confirm your new password']) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    await fill(field('Email'), 'nope');
    expect(await within(dialog).findByText('Please enter valid email')).toBeInTheDocument();
    await fill(field('Password'), 'short');
    expect(await within(dialog).findByText('Minimum password length must be at least 8 characters')).toBeInTheDocument();
    await fill(field('Password'), '-enough');
    await fill(field('Confirm Password'), 'different');
    expect(await within(dialog).findByText('Passwords do not match')).toBeInTheDocument();
    expect(add).toBeDisabled();
  });

  it('registers the user with the masked phone and the default flags, then reloads the list', async () => {
    signInAs(1, true);
    const calls = serveUsers((config) => (config.url === 'Users/Register' ? { status: 200, data: { message: 'User registered successfully', id: 9 } } : undefined));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add New User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await fill(field('Username'), 'carol');
    await fill(field('Full Name'), 'Carol King');
    await fill(field('Email'), 'carol@example.com');
    await userEvent.type(field('Phone'), '5559876543');
    expect(field('Phone')).toHaveValue('(555) 987-6543');
    await fill(field('Password'), 'carol-password');
    await fill(field('Confirm Password'), 'carol-password');
    const add = within(dialog).getByRole('button', { name: 'Add User' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('User registered successfully');
    expect(calls.find((call) => call.url === 'Users/Register')?.body).toEqual({
      username: 'carol',
      fullName: 'Carol King',
      email: 'carol@example.com',
      phone: '(555) 987-6543',
      password: 'carol-password',
      confirmPassword: 'carol-password',
      isActive: true,
      isAdmin: false,
    });
    await waitFor(() => expect(calls.filter((call) => call.url === 'Users/GetAllUsers')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument());
  });

  it('sends an invitation instead of a password: the password fields hide and sendInvite goes without them', async () => {
    signInAs(1, true);
    const calls = serveUsers((config) => (config.url === 'Users/Register' ? { status: 200, data: { message: EMAIL_MESSAGES.invited, id: 9 } } : undefined));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add New User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    const invite = within(dialog).getByRole('switch', { name: 'Send an invitation to set a password' });
    expect(invite).not.toBeChecked();
    expect(field('Password')).toBeInTheDocument();
    await fill(field('Username'), 'dora');
    await fill(field('Full Name'), 'Dora Day');
    await fill(field('Email'), 'dora@example.com');
    // A password typed before choosing the invitation is not sent.
    await fill(field('Password'), 'typed-first');
    await userEvent.click(invite);
    expect(invite).toBeChecked();
    expect(within(dialog).queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Confirm Password', { selector: 'input' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(/works for 72 hours/)).toBeInTheDocument();
    const add = within(dialog).getByRole('button', { name: 'Add User' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent(EMAIL_MESSAGES.invited);
    expect(calls.find((call) => call.url === 'Users/Register')?.body).toEqual({
      username: 'dora',
      fullName: 'Dora Day',
      email: 'dora@example.com',
      phone: null,
      isActive: true,
      isAdmin: false,
      sendInvite: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New User' })).not.toBeInTheDocument());
  });

  it('asks for the passwords again when the invitation is switched back off', async () => {
    signInAs(1, true);
    serveUsers();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add New User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    const invite = within(dialog).getByRole('switch', { name: 'Send an invitation to set a password' });
    await fill(field('Username'), 'dora');
    await fill(field('Full Name'), 'Dora Day');
    await fill(field('Email'), 'dora@example.com');
    await userEvent.click(invite);
    const add = within(dialog).getByRole('button', { name: 'Add User' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(invite);
    expect(field('Password')).toHaveValue('');
    await waitFor(() => expect(add).toBeDisabled());
  });

  it("puts the server's field message under the field and keeps the modal open", async () => {
    signInAs(1, true);
    serveUsers((config) =>
      config.url === 'Users/Register' ? { status: 409, data: { message: 'This username is already taken', errors: { username: 'This username is already taken' } } } : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add New User/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    await fill(field('Username'), 'ann');
    await fill(field('Full Name'), 'Another Ann');
    await fill(field('Email'), 'ann2@example.com');
    await fill(field('Password'), 'password-1');
    await fill(field('Confirm Password'), 'password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken');
    expect(within(dialog).getByText('This username is already taken')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
  });
});

describe('Edit User', () => {
  it('loads the user, keeps the username read-only, checks the Edit-user rules and saves', async () => {
    signInAs(1, true);
    const calls = serveUsers((config) => (config.url === 'Users/UpdateUser' ? { status: 200, data: { message: 'User updated successfully' } } : undefined));
    renderPage();
    await userEvent.click(within(await rowOf('ann')).getByRole('button', { name: /View/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await waitFor(() => expect(field('Full Name')).toHaveValue('Ann Lee'));
    expect(calls.find((call) => call.url === 'Users/GetUser')?.params).toEqual({ id: 2 });
    expect(field('Username')).toHaveValue('ann');
    expect(field('Username')).toBeDisabled();
    expect(field('Phone')).toHaveValue('(555) 123-4567');

    await userEvent.clear(field('Full Name'));
    await userEvent.tab();
    expect(await within(dialog).findByText('Full Name is required')).toBeInTheDocument();
    await userEvent.clear(field('Email Address'));
    await userEvent.tab();
    expect(await within(dialog).findByText('Email Address is required')).toBeInTheDocument();
    await fill(field('Email Address'), 'ann@');
    expect(await within(dialog).findByText('Please enter valid email address')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    expect(save).toBeDisabled();

    await fill(field('Full Name'), 'Ann Lee-Smith');
    await fill(field('Email Address'), 'example.org');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Is User Admin?' }));
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveTextContent('User updated successfully');
    expect(calls.find((call) => call.url === 'Users/UpdateUser')).toMatchObject({
      method: 'PUT',
      body: { id: 2, fullName: 'Ann Lee-Smith', email: 'ann@example.org', phone: '(555) 123-4567', isActive: true, isAdmin: true },
    });
  });
});

describe('Reset Password', () => {
  it('shows every Change-password message', async () => {
    signInAs(2, false);
    serveUsers();
    renderPage();
    await userEvent.click(within(await rowOf('ann')).getByRole('button', { name: /Reset Password/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    for (const label of ['Old Password', 'New Password', 'Confirm New Password']) await userEvent.click(field(label));
    await userEvent.tab();
    for (const message of ['Old password is required', 'New password is required', 'Re-enter your new password']) expect(await within(dialog).findByText(message)).toBeInTheDocument();
    await fill(field('Old Password'), 'short');
    expect(await within(dialog).findByText('Minimum length of Password is 8')).toBeInTheDocument();
    await fill(field('New Password'), 'short');
    expect(await within(dialog).findByText('Minimum password length must be at least 8 characters')).toBeInTheDocument();
    await fill(field('New Password'), '-but-long');
    await fill(field('Confirm New Password'), 'other-password');
    expect(await within(dialog).findByText('Passwords must match')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Change Password' })).toBeDisabled();
  });

  it('changes the password through the query string, then signs this session in again with it', async () => {
    signInAs(2, false);
    const fresh = unsignedToken({ sub: '2', IsAdmin: 'False', fresh: true });
    const calls = serveUsers((config) => {
      if (config.url === 'Users/ChangeUserPassword') return { status: 200, data: { message: 'Password changed successfully. Please sign in again on your other devices.' } };
      if (config.url === 'Users/Authenticate') return { status: 200, data: { ...USERS[1], token: fresh, refreshToken: 'r-2' } };
      return undefined;
    });
    renderPage();
    await userEvent.click(within(await rowOf('ann')).getByRole('button', { name: /Reset Password/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await fill(field('Old Password'), 'old-password');
    await fill(field('New Password'), 'new-password');
    await fill(field('Confirm New Password'), 'new-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed successfully.');
    expect(calls.find((call) => call.url === 'Users/ChangeUserPassword')).toMatchObject({ method: 'PUT', params: { password: 'new-password', oldPassword: 'old-password' } });
    expect(calls.find((call) => call.url === 'Users/ChangeUserPassword')?.body ?? null).toBeNull();
    expect(calls.find((call) => call.url === 'Users/Authenticate')?.body).toEqual({ email: 'ann', password: 'new-password' });
    expect(JSON.parse(localStorage.getItem('auth') ?? '{}')).toMatchObject({ authToken: fresh, refreshToken: 'r-2' });
  });

  it('shows a wrong old password under the field', async () => {
    signInAs(2, false);
    serveUsers((config) =>
      config.url === 'Users/ChangeUserPassword' ? { status: 400, data: { message: 'Old password is incorrect', errors: { oldPassword: 'Old password is incorrect' } } } : undefined,
    );
    renderPage();
    await userEvent.click(within(await rowOf('ann')).getByRole('button', { name: /Reset Password/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await fill(field('Old Password'), 'not-my-password');
    await fill(field('New Password'), 'new-password');
    await fill(field('Confirm New Password'), 'new-password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Old password is incorrect');
    expect(within(dialog).getByText('Old password is incorrect')).toBeInTheDocument();
  });
});

describe('two-factor and sessions (admins)', () => {
  it('switches "Require two-factor for all staff" and ends all sessions of a user', async () => {
    signInAs(1, true);
    const calls = serveUsers((config) => {
      if (config.url === 'Users/SecuritySettings') return { status: 200, data: config.method === 'put' ? { message: 'Security settings saved' } : { requireTwoFactor: false } };
      if (config.url === 'Users/EndUserSessions') return { status: 200, data: { message: 'Sessions ended' } };
      return undefined;
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor for all staff' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(calls.find((call) => call.method === 'PUT' && call.url === 'Users/SecuritySettings')?.body).toEqual({ requireTwoFactor: true });

    await userEvent.click(within(await rowOf('bob')).getByRole('button', { name: 'End all sessions of bob' }));
    await act(() => runConfirmedAction());
    expect(calls.find((call) => call.url === 'Users/EndUserSessions')?.body).toEqual({ userId: 3 });
  });

  it('shows ordinary staff neither the switch nor End all sessions', async () => {
    signInAs(2, false);
    const calls = serveUsers();
    renderPage();
    await rowOf('ann');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /End all sessions/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === 'Users/SecuritySettings')).toBe(false);
  });
});
