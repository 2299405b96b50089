export { DashboardPage } from './dashboard-page';
export { prefetchDashboard, type DashboardTab, type DashboardView } from './dashboard-queries';
