import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { FeedbackHost } from '@deals/shared-auth/ui';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { HistoryPage } from './HistoryPage';

describe('HistoryPage', () => {
  it('lists the push history with the number of devices reached', async () => {
    const calls = serveFakeApi(() => ({
      status: 200,
      data: [{ id: 1, title: 'Flash sale', message: '50% off tonight', numberOfDevicesNotificationSentTo: 42, createdBy: 'admin', dateCreated: '2026-11-20T10:00:00Z' }],
    }));
    render(
      <App>
        <FeedbackHost />
        <HistoryPage />
      </App>,
    );
    expect(await screen.findByText('Flash sale')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['PushNotificationHistory/GetPushNotificationHistory']);
  });
});
