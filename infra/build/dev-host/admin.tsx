// The standalone host of an admin remote: what the shell's admin area provides (antd's React 19
// patch, English locale, App context, toast and confirm modal), so the remote behaves alone as it does inside the frame.
import '@ant-design/v5-patch-for-react-19';
import type { ComponentType } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { ADMIN_THEME, FeedbackHost, LeaveGuard } from '@deals/shared-auth/ui';
import { mountStandalone } from './public';

export function mountAdminStandalone(App: ComponentType): void {
  // Inside the router, as in the shell's admin area: unsaved work asks before it is left.
  const Guarded = () => (
    <LeaveGuard>
      <App />
    </LeaveGuard>
  );
  mountStandalone(Guarded, (app) => (
    <ConfigProvider locale={enUS} theme={ADMIN_THEME}>
      <AntdApp>
        {app}
        <FeedbackHost />
      </AntdApp>
    </ConfigProvider>
  ));
}
