import type { ReactNode } from 'react';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import type { Screen } from '../components/ui/screens';
import NotFound from '../components/ui/NotFound';
import RouteErrorPage from '../components/ui/RouteErrorPage';
import { RequireLogin } from './guards/RequireLogin';
import { RequireAdmin, RequireManager } from './guards/RequireRole';
import { MainLayout } from './layouts/MainLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import * as Pages from './pages';

const soon = (screen: Screen) => <Pages.ComingSoonPage screen={screen} />;
const login = (element: ReactNode) => <RequireLogin>{element}</RequireLogin>;
const notFound: RouteObject = { path: '*', element: <NotFound /> };

/** /a/* — admins only (others see the 404 text). */
const adminRoutes: RouteObject = {
  path: 'a',
  element: login(
    <RequireAdmin>
      <Outlet />
    </RequireAdmin>,
  ),
  children: [
    { path: 'users', element: <Pages.AdminUsersPage /> },
    { path: 'notifications', element: soon('adminNotifications') },
    { path: 'controllers', element: <Pages.AdminControllersPage /> },
    { path: 'controllers/create', element: <Pages.AdminControllerCreatePage /> },
    { path: 'jobs', element: <Pages.AdminJobsPage /> },
    { path: 'firmware', element: soon('adminFirmware') },
    { path: 'variables', element: soon('adminVariables') },
    { path: 'regions', element: soon('adminRegions') },
    { path: 'map', element: soon('adminMap') },
    notFound,
  ],
};

/** /m/* — managers (role ≤ 2) and admins. */
const managerRoutes: RouteObject = {
  path: 'm',
  element: login(
    <RequireManager>
      <Outlet />
    </RequireManager>,
  ),
  children: [
    { path: 'users', element: <Pages.ManagerUsersPage /> },
    { path: 'controllers', element: <Pages.ManagerControllersPage /> },
    { path: 'affiliateNotification', element: soon('affiliateNotification') },
    notFound,
  ],
};

/** Every route of the product (docs/product.md §2). Paths under /shared use the public layout, all others the main layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: 'shared',
        element: <PublicLayout />,
        children: [
          { path: 'map', element: soon('sharedMap') },
          { path: 'timeline', element: soon('sharedTimeline') },
          { path: 'livefeed', element: soon('sharedLivefeed') },
          notFound,
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <Pages.LoginPage /> },
          { path: 'password/request', element: <Pages.PasswordRequestPage /> },
          { path: 'password/reset/:token', element: <Pages.PasswordResetPage /> },
          { path: 'registration', element: <Pages.RegistrationPage /> },
          { path: 'logout', element: <Pages.LogoutPage /> },
          { path: 'error', element: <RouteErrorPage /> },
          { path: 'shop/admin', element: login(<RequireAdmin>{soon('orders')}</RequireAdmin>) },
          { path: 'shop/subscription', element: <Navigate to="/subscriptionShop" replace /> },
          { path: 'shop/abo', element: <Navigate to="/subscriptionShop" replace /> },
          { path: 'shop/:step?', element: soon('shop') },
          { path: 'subscriptionShop/:step?', element: soon('subscriptionShop') },
          { path: 'map', element: soon('map') },
          { path: 'dashboard', element: login(<Pages.DashboardPage />) },
          { path: 'scaleoverview/:expand?', element: login(<Pages.TimelinePage />) },
          { path: 'timeline', element: login(<Pages.TimelinePage />) },
          { path: 'analysis', element: login(<Pages.AnalysisPage />) },
          { path: 'settings', element: login(<Pages.SettingsPage />) },
          { path: 'export', element: login(<Pages.ExportPage />) },
          adminRoutes,
          managerRoutes,
          notFound,
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
export type AppRouter = ReturnType<typeof createRouter>;
