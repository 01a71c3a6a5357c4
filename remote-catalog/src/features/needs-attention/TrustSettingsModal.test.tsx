import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRUST_MESSAGES, type TrustSettings } from '@deals/contract';
import { clearSession, hideToast, UNSAVED_TEXTS } from '@deals/shared-auth';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { renderScreen, signInAs } from '@deals/shared-auth/ui-testing';
import NeedsAttentionPage from './NeedsAttentionPage';

const SETTINGS: TrustSettings = {
  minAnswers: 5,
  lowSuccessPercent: 50,
  checkPeriodHours: 24,
  autoDeactivateAfterDeadChecks: 3,
  softDeadPhrases: ['no longer available', 'product not found'],
};

type Answer = { status: number; data?: unknown };

function serveSettings(onSave: () => Answer = () => ({ status: 200, data: { message: TRUST_MESSAGES.saved } })) {
  return serveFakeApi((config) => {
    if (config.url === 'LinkHealth/GetAttentionQueue') return { status: 200, data: { items: [], total: 0, page: 1, pageSize: 100 } };
    if (config.url === 'LinkHealth/GetSettings') return { status: 200, data: SETTINGS };
    if (config.url === 'LinkHealth/UpdateSettings') return onSave();
    return { status: 404, data: { message: 'Not found' } };
  });
}

async function openSettings() {
  signInAs(1, { admin: true });
  renderScreen(<NeedsAttentionPage />);
  await userEvent.click(await screen.findByRole('button', { name: /Settings/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Needs attention settings' });
  // The form fills in once the current settings arrive (the numbers start as the defaults, the phrases empty).
  await waitFor(() => expect(within(dialog).getByLabelText('Soft-dead phrases')).not.toHaveValue(''));
  return dialog;
}

const replace = async (field: HTMLElement, text: string) => {
  await userEvent.clear(field);
  if (text) await userEvent.type(field, text);
};

beforeEach(() => {
  hideToast();
  clearSession();
  localStorage.clear();
});

describe('Needs attention settings', () => {
  it('shows the current settings and saves the edited values, phrases one a line', async () => {
    const calls = serveSettings();
    const dialog = await openSettings();
    expect(within(dialog).getByLabelText('Minimum answers')).toHaveValue('5');
    expect(within(dialog).getByLabelText('Low success threshold')).toHaveValue('50');
    expect(within(dialog).getByLabelText('Check period')).toHaveValue('24');
    expect(within(dialog).getByLabelText('Deactivate automatically after')).toHaveValue('3');
    expect(within(dialog).getByLabelText('Soft-dead phrases')).toHaveValue('no longer available\nproduct not found');

    await replace(within(dialog).getByLabelText('Minimum answers'), '8');
    await replace(within(dialog).getByLabelText('Low success threshold'), '40');
    await replace(within(dialog).getByLabelText('Check period'), '12');
    // Empty: automatic deactivation off.
    await replace(within(dialog).getByLabelText('Deactivate automatically after'), '');
    const phrases = within(dialog).getByLabelText('Soft-dead phrases');
    await userEvent.type(phrases, '{Enter}  sold out  {Enter}{Enter}No Longer Available');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText(TRUST_MESSAGES.saved)).toBeInTheDocument();
    expect(calls.find((call) => call.url === 'LinkHealth/UpdateSettings')).toMatchObject({
      method: 'PUT',
      body: { minAnswers: 8, lowSuccessPercent: 40, checkPeriodHours: 12, autoDeactivateAfterDeadChecks: null, softDeadPhrases: ['no longer available', 'product not found', 'sold out'] },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Needs attention settings' })).not.toBeInTheDocument());
  });

  it("shows the server's field messages under their fields and stays open", async () => {
    const calls = serveSettings(() => ({
      status: 400,
      data: {
        message: 'Please correct the highlighted fields',
        errors: { checkPeriodHours: TRUST_MESSAGES.checkPeriodHours, 'softDeadPhrases.1': TRUST_MESSAGES.phrases },
      },
    }));
    const dialog = await openSettings();
    await replace(within(dialog).getByLabelText('Minimum answers'), '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));

    expect(await within(dialog).findByText(TRUST_MESSAGES.checkPeriodHours)).toBeInTheDocument();
    expect(within(dialog).getByText(TRUST_MESSAGES.phrases)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Check period')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Soft-dead phrases')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Please correct the highlighted fields')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === 'LinkHealth/UpdateSettings')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Needs attention settings' })).toBeInTheDocument();
  });

  it('refuses a missing threshold before asking the server', async () => {
    const calls = serveSettings();
    const dialog = await openSettings();
    const threshold = within(dialog).getByLabelText('Low success threshold');
    await replace(threshold, '');
    await userEvent.tab();
    expect(await within(dialog).findByText(TRUST_MESSAGES.lowSuccessPercent)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save Settings' })).toBeDisabled();
    expect(calls.some((call) => call.url === 'LinkHealth/UpdateSettings')).toBe(false);
  });

  it('asks before closing with unsaved changes', async () => {
    serveSettings();
    const dialog = await openSettings();
    await replace(within(dialog).getByLabelText('Minimum answers'), '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getAllByRole('dialog').some((shown) => shown.textContent?.includes(UNSAVED_TEXTS.discardTitle))).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: UNSAVED_TEXTS.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Needs attention settings' })).not.toBeInTheDocument());
  });
});
