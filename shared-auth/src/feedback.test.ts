import { AxiosError, type AxiosResponse } from 'axios';
import { cancelConfirm, confirmAction, confirmModalAtom, runConfirmedAction, toast, toastAtom, TOAST_DURATION_MS } from './feedback';
import { sessionStore } from './session';

const toastNow = () => sessionStore.get(toastAtom);
const modalNow = () => sessionStore.get(confirmModalAtom);

describe('toast', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows each state and hides itself after 3.5 s', () => {
    for (const state of ['success', 'error', 'warning', 'info'] as const) {
      toast[state](`a ${state}`);
      expect(toastNow()).toMatchObject({ visible: true, text: `a ${state}`, state });
      jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
      expect(toastNow().visible).toBe(true);
      jest.advanceTimersByTime(1);
      expect(toastNow().visible).toBe(false);
    }
    expect(TOAST_DURATION_MS).toBe(3500);
  });

  it('a newer toast replaces the last and gets its own 3.5 s', () => {
    toast.error('first');
    jest.advanceTimersByTime(3000);
    toast.success('second');
    jest.advanceTimersByTime(1000);
    expect(toastNow()).toMatchObject({ visible: true, text: 'second', state: 'success' });
    jest.advanceTimersByTime(2500);
    expect(toastNow().visible).toBe(false);
  });

  it("shows a failed call's server message, or the generic text", () => {
    const failed = (data: unknown) => new AxiosError('x', 'ERR_BAD_RESPONSE', undefined, undefined, { data, status: 400 } as AxiosResponse);
    toast.failure(failed({ message: 'Store Name is required' }), 'warning');
    expect(toastNow()).toMatchObject({ text: 'Store Name is required', state: 'warning' });
    toast.failure(new Error('offline'));
    expect(toastNow()).toMatchObject({ text: 'Oops! Something went wrong on the server. Please contact support.', state: 'error' });
  });
});

describe('confirmAction', () => {
  it('goes shown → processing after the confirm click → hidden, running the action once', async () => {
    let finish: () => void = () => undefined;
    const action = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const answer = confirmAction({ title: 'Delete Deal', text: 'Are you sure?', rightBtnText: 'Delete', action });
    expect(modalNow()).toEqual({ open: true, title: 'Delete Deal', text: 'Are you sure?', rightBtnText: 'Delete', isProcessing: false });

    const running = runConfirmedAction();
    expect(modalNow()).toMatchObject({ open: true, isProcessing: true });
    void runConfirmedAction(); // a second click while processing does nothing
    cancelConfirm(); // nor can it be closed mid-action
    expect(modalNow().open).toBe(true);
    finish();
    await running;

    expect(action).toHaveBeenCalledTimes(1);
    expect(modalNow()).toMatchObject({ open: false, isProcessing: false });
    await expect(answer).resolves.toBe(true);
  });

  it('closing runs nothing', async () => {
    const action = jest.fn();
    const answer = confirmAction({ title: 'Remove', text: 'Sure?', rightBtnText: 'Remove', action });
    cancelConfirm();
    await expect(answer).resolves.toBe(false);
    expect(action).not.toHaveBeenCalled();
    expect(modalNow().open).toBe(false);
  });

  it('a failed action hides the modal and shows the server message as an error toast', async () => {
    const failure = new AxiosError('x', 'ERR_BAD_RESPONSE', undefined, undefined, { data: { message: 'This store still has 3 deals.' }, status: 409 } as AxiosResponse);
    const answer = confirmAction({ title: 'Delete Store', text: 'Sure?', rightBtnText: 'Delete', action: () => Promise.reject(failure) });
    await runConfirmedAction();
    await expect(answer).resolves.toBe(false);
    expect(modalNow().open).toBe(false);
    expect(toastNow()).toMatchObject({ visible: true, state: 'error', text: 'This store still has 3 deals.' });
  });
});
