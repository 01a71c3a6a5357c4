import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Result } from 'antd';
import { decodeToken, sessionAtom } from '@deals/shared-auth';
import { LeaveGuard } from '@deals/shared-auth/ui';
import { AntdRoot } from '../../lib/AntdRoot';
import { RemoteView } from '../../components/RemoteView';
import { RemoteLoading } from '../../components/RemoteFallback';
import { remoteFor } from '../../app/routeTable';
import { loadAuditLogPage } from '../audit-log';
import { loadSecurityPage, SECURITY_PATH } from '../account';
import { loadDashboardPage } from '../dashboard';
import { loadUsersPage } from '../users';
import { AdminFrame } from './AdminFrame';

const DashboardPage = lazy(loadDashboardPage);
const UsersPage = lazy(loadUsersPage);
const AuditLogPage = lazy(loadAuditLogPage);
const SecurityPage = lazy(loadSecurityPage);

/** An admin path owned by a remote renders that remote; an unknown one says so. */
function AdminRemote() {
  const { pathname } = useLocation();
  const remote = remoteFor(pathname);
  if (!remote) return <Result status="404" title="Page not found" subTitle="There is no admin screen at this address." />;
  return <RemoteView key={remote} remote={remote} />;
}

/** Every /admin and /cms path: the sign-in guard, antd, the unsaved-work guard and the admin frame. */
export default function AdminArea() {
  const { authToken } = useAtomValue(sessionAtom);
  if (!decodeToken(authToken)) return <Navigate to="/login" replace />;
  return (
    <AntdRoot>
      <LeaveGuard>
        <AdminFrame>
        <Suspense fallback={<RemoteLoading />}>
          <Routes>
            <Route path="/admin/management/dashboard" element={<DashboardPage />} />
            <Route path="/admin/management/users" element={<UsersPage />} />
            <Route path="/admin/management/audit-log" element={<AuditLogPage />} />
            <Route path={SECURITY_PATH} element={<SecurityPage />} />
            <Route path="*" element={<AdminRemote />} />
          </Routes>
        </Suspense>
        </AdminFrame>
      </LeaveGuard>
    </AntdRoot>
  );
}
