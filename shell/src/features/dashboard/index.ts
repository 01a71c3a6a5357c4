// What the dashboard feature offers the admin area: the dashboard page, loaded on demand as a
// chunk of its own.
export const loadDashboardPage = () => import('./DashboardPage');
