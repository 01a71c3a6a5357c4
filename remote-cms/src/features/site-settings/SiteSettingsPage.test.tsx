import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { FeedbackHost } from '@deals/shared-auth/ui';
import { serveFakeApi } from '@deals/shared-auth/testing';
import { SiteSettingsPage } from './SiteSettingsPage';

describe('SiteSettingsPage', () => {
  it('shows the company settings from Asset/GetAsset', async () => {
    const calls = serveFakeApi(() => ({ status: 200, data: { companyName: 'DealDrop', emailAddress: 'hello@dealdrop.test', phoneNumber: null } }));
    render(
      <App>
        <FeedbackHost />
        <SiteSettingsPage />
      </App>,
    );
    expect(await screen.findByText('hello@dealdrop.test')).toBeInTheDocument();
    expect(screen.getByText('DealDrop')).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['Asset/GetAsset']);
  });

  it("shows the generic text when the server gives no message", async () => {
    serveFakeApi(() => ({ status: 502 }));
    render(
      <App>
        <FeedbackHost />
        <SiteSettingsPage />
      </App>,
    );
    expect(await screen.findByText('Oops! Something went wrong on the server. Please contact support.')).toBeInTheDocument();
  });
});
