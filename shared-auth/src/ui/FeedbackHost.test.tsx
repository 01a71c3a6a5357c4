import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { confirmAction, toast } from '@deals/shared-auth';
import { FeedbackHost } from './FeedbackHost';

describe('FeedbackHost', () => {
  it('draws the toast until it hides itself', () => {
    jest.useFakeTimers();
    render(<FeedbackHost />);
    act(() => toast.error('Username is required'));
    expect(screen.getByRole('alert')).toHaveTextContent('Username is required');
    act(() => void jest.advanceTimersByTime(3500));
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    jest.useRealTimers();
  });

  it('draws the confirm modal: confirm runs the action while the button shows it is processing', async () => {
    render(<FeedbackHost />);
    let finish: () => void = () => undefined;
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmAction({ title: 'Delete Deal', text: 'This deal will be removed.', rightBtnText: 'Delete', action: () => new Promise<void>((resolve) => (finish = resolve)) });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete Deal');
    expect(dialog).toHaveTextContent('This deal will be removed.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Delete/ })).toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await act(async () => finish());
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
