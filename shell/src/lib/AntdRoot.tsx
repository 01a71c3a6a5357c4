// antd's React 19 compatibility patch, applied once before any antd component renders. It lives
// here, in the admin chunks, rather than in bootstrap.tsx: importing it there would pull the whole
// shared antd (about 440 KB gzip) onto every public page.
import '@ant-design/v5-patch-for-react-19';
import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { ADMIN_THEME, FeedbackHost } from '@deals/shared-auth/ui';


/** English locale, the brand theme, antd's App context, and the shared toast and confirm modal. */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={ADMIN_THEME}>
      <AntdApp>
        {children}
        <FeedbackHost />
      </AntdApp>
    </ConfigProvider>
  );
}
