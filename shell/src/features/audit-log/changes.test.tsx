import { render, screen } from '@testing-library/react';
import { ChangesCell, localDateTime } from './changes';

describe('audit log changes', () => {
  it('shows instants in the viewer’s time as the tables do, other strings as they are', () => {
    const stamp = '2026-11-26T04:14:00.000Z';
    const date = new Date(stamp);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
    expect(localDateTime(stamp)).toBe(local);
    expect(localDateTime('2026-11-26')).toBeNull();
    expect(localDateTime('About us')).toBeNull();

    render(<ChangesCell changes={{ publishAt: { from: null, to: stamp }, title: { from: 'Old', to: 'New' } }} />);
    const [schedule, title] = screen.getAllByRole('listitem');
    expect(schedule).toHaveTextContent(`publishAt: (empty) → ${local}`);
    expect(schedule).not.toHaveTextContent(stamp);
    expect(title).toHaveTextContent('title: Old → New');
  });
});
