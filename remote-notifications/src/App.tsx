import { Route, Routes } from 'react-router-dom';
import { Result } from 'antd';
import { AdminOnly } from '@deals/shared-auth/ui';
import HistoryPage from './features/history/HistoryPage';

/**
 * Push notification console: rendered by the shell inside its admin frame. Admins only (spec 2
 * §6 lists it in the admins' menu; the API refuses its calls to other staff).
 */
export default function App() {
  return (
    <AdminOnly what="push notifications">
      <Routes>
        <Route path="/admin/push-notification/history" element={<HistoryPage />} />
        <Route path="*" element={<Result status="404" title="Page not found" subTitle="There is no notification screen at this address." />} />
      </Routes>
    </AdminOnly>
  );
}
