import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RemoteView } from '../components/RemoteView';
import { RemoteLoading } from '../components/RemoteFallback';
import { isAdminPath } from './routeTable';
import './shell.css';

// antd and every admin-only library load with these chunks, never on public pages.
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const AdminArea = lazy(() => import('../features/admin-frame/AdminArea'));

/** Admin and CMS paths go to the admin area; every other path belongs to the public remote. */
function Dispatcher() {
  const { pathname } = useLocation();
  return isAdminPath(pathname) ? <AdminArea /> : <RemoteView remote="public" />;
}

export function App() {
  return (
    <Suspense fallback={<RemoteLoading />}>
      <Routes>
        <Route path="/" element={<Navigate to="/home" replace />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Dispatcher />} />
      </Routes>
    </Suspense>
  );
}
