import { Route, Routes } from 'react-router-dom';
import { Result } from 'antd';
import { HistoryPage } from './features/history/HistoryPage';

/** Push notification console: rendered by the shell inside its admin frame. */
export default function App() {
  return (
    <Routes>
      <Route path="/admin/push-notification/history" element={<HistoryPage />} />
      <Route path="*" element={<Result status="404" title="Page not found" subTitle="There is no notification screen at this address." />} />
    </Routes>
  );
}
