import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Button, Drawer, Grid, Layout, Menu, Tooltip, Typography } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  DashboardOutlined,
  DollarOutlined,
  GlobalOutlined,
  HomeOutlined,
  InboxOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuOutlined,
  SafetyOutlined,
  ShopOutlined,
  StarOutlined,
  TagsOutlined,
  WarningOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { confirmLeave, discardUnsaved, sessionAtom } from '@deals/shared-auth';
import { signOut } from '@deals/shared-auth/client';
import { SECURITY_PATH } from '../account';
import { selectedEntry, visibleEntries, WEBSITE_MANAGEMENT_LINKS } from './navigation';
import './admin-frame.css';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  featured: <StarOutlined />,
  deals: <TagsOutlined />,
  'needs-attention': <WarningOutlined />,
  stores: <ShopOutlined />,
  'product-categories': <AppstoreOutlined />,
  commissions: <DollarOutlined />,
  feeds: <ApiOutlined />,
  'feed-review': <InboxOutlined />,
  users: <TeamOutlined />,
  push: <BellOutlined />,
  'email-sends': <MailOutlined />,
  'audit-log': <AuditOutlined />,
  website: <GlobalOutlined />,
};

/** Side navigation, top bar and content area around every admin screen. */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const screens = Grid.useBreakpoint();
  const mobile = screens.lg === false;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);

  const items = visibleEntries(session.isAdmin).map((entry) => ({
    key: entry.key,
    icon: ICONS[entry.key],
    label: entry.to ? <Link to={entry.to}>{entry.label}</Link> : entry.label,
  }));

  const onMenuClick = ({ key }: { key: string }) => {
    if (key === 'website') setSheetOpen(true);
    setDrawerOpen(false);
  };

  // Signing out leaves the screen too: unsaved work asks first.
  const logout = async () => {
    if (!(await confirmLeave())) return;
    discardUnsaved();
    void signOut();
    navigate('/login', { replace: true });
  };

  const navigation = (inlineCollapsed: boolean) => (
    <div className="admin-nav">
      <div className="admin-brand">{inlineCollapsed ? 'DD' : 'DealDrop Admin'}</div>
      <Menu
        mode="inline"
        theme="dark"
        selectedKeys={[selectedEntry(pathname) ?? '']}
        items={items}
        onClick={onMenuClick}
        className="admin-menu"
      />
      <div className="admin-nav-footer">
        <Tooltip title={inlineCollapsed ? 'Logout' : undefined} placement="right">
          <Button type="text" icon={<LogoutOutlined />} onClick={() => void logout()} className="admin-logout" aria-label="Logout">
            {inlineCollapsed ? null : 'Logout'}
          </Button>
        </Tooltip>
      </div>
    </div>
  );

  return (
    <Layout className="admin-layout">
      {mobile ? (
        <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} width={260} styles={{ body: { padding: 0, background: '#001529' } }} title={null} closable={false}>
          {navigation(false)}
        </Drawer>
      ) : (
        <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} width={240} className="admin-sider">
          {navigation(collapsed)}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="admin-header">
          {mobile && <Button type="text" icon={<MenuOutlined />} aria-label="Open navigation" onClick={() => setDrawerOpen(true)} />}
          <Typography.Text className="admin-user">{session.user?.username ? `Signed in as ${session.user.username}` : ''}</Typography.Text>
          {/* Phones keep the icons (named for screen readers) so the header stays one line. */}
          <Button icon={<SafetyOutlined />} aria-label={mobile ? 'Security' : undefined} onClick={() => navigate(SECURITY_PATH)}>
            {!mobile && 'Security'}
          </Button>
          <Button icon={<HomeOutlined />} aria-label={mobile ? 'Go to Homepage' : undefined} href="/home" target="_blank" rel="noopener noreferrer">
            {!mobile && 'Go to Homepage'}
          </Button>
        </Layout.Header>
        <Layout.Content className="admin-content">{children}</Layout.Content>
      </Layout>
      <Drawer title="Website Management" placement="left" open={sheetOpen} onClose={() => setSheetOpen(false)} width={300}>
        <nav className="admin-sheet">
          {WEBSITE_MANAGEMENT_LINKS.map((link) => (
            <Link key={link.to} to={link.to} onClick={() => setSheetOpen(false)}>
              {link.label}
            </Link>
          ))}
        </nav>
      </Drawer>
    </Layout>
  );
}
