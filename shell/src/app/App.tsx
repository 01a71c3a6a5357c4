import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { RemoteView } from '../components/RemoteView';
import { RemoteLoading } from '../components/RemoteFallback';
import { loadAdminArea } from '../features/admin-frame';
import { loadLoginPage, loadResetPasswordPage, LOGIN_PATH, RESET_PASSWORD_PATH } from '../features/auth';
import { isAdminPath } from './routeTable';
import './shell.css';

// antd and every admin-only library load with these chunks, never on public pages.
const LoginPage = lazy(loadLoginPage);
const ResetPasswordPage = lazy(loadResetPasswordPage);
const AdminArea = lazy(loadAdminArea);

const lazyScreen = (Screen: typeof LoginPage) => (
  <Suspense fallback={<RemoteLoading />}>
    <Screen />
  </Suspense>
);

/**
 * Admin and CMS paths go to the admin area; every other path belongs to the public remote. Nothing
 * the shell draws around the public remote leaves a trace in the DOM (no element, no Suspense
 * boundary), so the markup the remote rendered on the server hydrates as it is.
 */
function Dispatcher() {
  const { pathname } = useLocation();
  return isAdminPath(pathname) ? lazyScreen(AdminArea) : <RemoteView remote="public" />;
}

export function App() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/home" replace />} />
      <Route path={LOGIN_PATH} element={lazyScreen(LoginPage)} />
      <Route path={RESET_PASSWORD_PATH} element={lazyScreen(ResetPasswordPage)} />
      <Route path="*" element={<Dispatcher />} />
    </Routes>
  );
}
