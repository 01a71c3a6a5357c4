import { Route, Routes } from 'react-router-dom';
import { Result } from 'antd';
import { StoresPage } from './features/stores/StoresPage';

/** Catalog admin: rendered by the shell inside its admin frame for the catalog's paths. */
export default function App() {
  return (
    <Routes>
      <Route path="/admin/management/stores" element={<StoresPage />} />
      <Route path="*" element={<Result status="404" title="Page not found" subTitle="There is no catalog screen at this address." />} />
    </Routes>
  );
}
