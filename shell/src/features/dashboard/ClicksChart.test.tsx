import { render, waitFor } from '@testing-library/react';
import ClicksChart from './ClicksChart';
import { dashboardStats } from '../../testing/dashboardFixtures';
import { shortDay } from './links';

// jsdom has no layout: every box measures 600 × 260, and the chart's container hears so once.
const SIZE = { width: 600, height: 260, top: 0, left: 0, right: 600, bottom: 260, x: 0, y: 0 };
beforeAll(() => {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ ...SIZE, toJSON: () => SIZE } as DOMRect);
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      this.callback([{ target, contentRect: SIZE } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterAll(() => jest.restoreAllMocks());

describe('the clicks chart', () => {
  it('draws the days with recharts, labelled as UTC days without shifting them', async () => {
    const { container } = render(<ClicksChart days={dashboardStats().clicksPerDay} />);
    await waitFor(() => expect(container.querySelector('svg.recharts-surface')).not.toBeNull());
    await waitFor(() => expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBe(2));
    expect(container.textContent).toContain('06/30');
    expect(shortDay('2026-06-01')).toBe('06/01');
  });
});
