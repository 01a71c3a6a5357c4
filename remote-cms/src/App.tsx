import { Route, Routes } from 'react-router-dom';
import { Result } from 'antd';
import { SiteSettingsPage } from './features/site-settings/SiteSettingsPage';

/** Website management: rendered by the shell inside its admin frame for /cms/management/… */
export default function App() {
  return (
    <Routes>
      <Route path="/cms/management/assets-and-resources" element={<SiteSettingsPage />} />
      <Route path="*" element={<Result status="404" title="Page not found" subTitle="There is no website-management screen at this address." />} />
    </Routes>
  );
}
