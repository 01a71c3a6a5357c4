import { Route, Routes, useLocation } from 'react-router-dom';
import { Result } from 'antd';
import { AdminOnly } from '@deals/shared-auth/ui';
import EmailSendsPage from './features/email-sends/EmailSendsPage';
import HistoryPage from './features/history/HistoryPage';
import { EMAIL_SENDS_PATH, HISTORY_PATH } from './paths';

/**
 * Notification consoles, push and email: rendered by the shell inside its admin frame. Admins only
 * (the admins' menu lists them, spec 2 §6 for push; the API refuses their calls to other staff).
 */
export default function App() {
  const { pathname } = useLocation();
  return (
    <AdminOnly what={pathname === EMAIL_SENDS_PATH ? 'email sends' : 'push notifications'}>
      <Routes>
        <Route path={HISTORY_PATH} element={<HistoryPage />} />
        <Route path={EMAIL_SENDS_PATH} element={<EmailSendsPage />} />
        <Route path="*" element={<Result status="404" title="Page not found" subTitle="There is no notification screen at this address." />} />
      </Routes>
    </AdminOnly>
  );
}
