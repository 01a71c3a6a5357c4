import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { clearSession, hideToast, runConfirmedAction, setSession } from '@deals/shared-auth';
import { serveFakeApi, unsignedToken } from '@deals/shared-auth/testing';
import { AntdRoot } from '../../lib/AntdRoot';
import SecurityPage from './SecurityPage';

const SESSIONS = [
  { id: 's-1', device: 'Chrome on Windows', ip: '198.51.100.1', createdAt: '2026-11-01T10:00:00Z', lastUsedAt: '2026-11-27T10:00:00Z', current: true },
  { id: 's-2', device: 'Safari on iOS', ip: '198.51.100.2', createdAt: '2026-11-02T10:00:00Z', lastUsedAt: '2026-11-26T10:00:00Z', current: false },
];

function serve(status: { enabled: boolean; recoveryCodesLeft: number; required: boolean }) {
  return serveFakeApi((config) => {
    if (config.url === 'Users/TwoFactor') return { status: 200, data: status };
    if (config.url === 'Users/Sessions') return { status: 200, data: SESSIONS };
    if (config.url === 'Users/TwoFactor/Start') return { status: 200, data: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Deals:ann?secret=JBSWY3DPEHPK3PXP' } };
    if (config.url === 'Users/TwoFactor/Confirm') return { status: 200, data: { message: 'Two-factor sign-in is on.', recoveryCodes: ['aaaaa-11111'] } };
    if (config.url === 'Users/TwoFactor/RegenerateRecoveryCodes') return { status: 200, data: { message: 'New', recoveryCodes: ['ccccc-33333'] } };
    return { status: 200, data: { message: 'Done' } };
  });
}

const renderPage = () =>
  render(
    <AntdRoot>
      <MemoryRouter>
        <SecurityPage />
      </MemoryRouter>
    </AntdRoot>,
  );

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
  setSession({ id: 5, username: 'ann' }, unsignedToken({ sub: '5', sid: 's-1' }), 'r');
});

describe('Security page', () => {
  it('lists the sessions, marks this device, ends one and all the others', async () => {
    const calls = serve({ enabled: false, recoveryCodesLeft: 0, required: false });
    renderPage();
    const current = (await screen.findByText('Chrome on Windows')).closest('tr') as HTMLElement;
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button', { name: /End session/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'End session Safari on iOS 198.51.100.2' }));
    await act(() => runConfirmedAction());
    expect(calls.find((call) => call.url === 'Users/EndSession')?.body).toEqual({ id: 's-2' });
    await userEvent.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await act(() => runConfirmedAction());
    expect(calls.find((call) => call.url === 'Users/EndAllSessions')?.body).toEqual({ keepCurrent: true });
  });

  it('turns two-factor on: QR code and key, first code, then the recovery codes', async () => {
    const calls = serve({ enabled: false, recoveryCodesLeft: 0, required: false });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('aaaaa-11111');
    expect(calls.find((call) => call.url === 'Users/TwoFactor/Confirm')?.body).toEqual({ code: '123456' });
  });

  it('turns it off and makes new recovery codes with the password; no Turn off while required', async () => {
    const calls = serve({ enabled: true, recoveryCodesLeft: 7, required: false });
    const { unmount } = renderPage();
    expect(await screen.findByText('Recovery codes left: 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await userEvent.type(await screen.findByLabelText('Password'), 'ann-password');
    await userEvent.click(screen.getByRole('button', { name: 'Make new codes' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('ccccc-33333');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await userEvent.type(await screen.findByLabelText('Password'), 'ann-password');
    // The card's button and the dialog's: the dialog's is the last.
    await userEvent.click(screen.getAllByRole('button', { name: 'Turn off' }).at(-1)!);
    await waitFor(() => expect(calls.find((call) => call.url === 'Users/TwoFactor/Disable')?.body).toEqual({ password: 'ann-password' }));
    unmount();

    serve({ enabled: true, recoveryCodesLeft: 7, required: true });
    renderPage();
    expect(await screen.findByText('Required for all staff')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});
