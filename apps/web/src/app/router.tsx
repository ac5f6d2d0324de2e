import type { ReactNode } from 'react';
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import NotFound from '../components/ui/NotFound';
import RouteErrorPage from '../components/ui/RouteErrorPage';
import { LoginPageRedirect, StartRedirect } from './guards/LoginRedirects';
import { RequireLogin } from './guards/RequireLogin';
import { RequireAdmin, RequireManager } from './guards/RequireRole';
import { MainLayout } from './layouts/MainLayout';
import { PublicLayout } from './layouts/PublicLayout';
import { RootLayout } from './layouts/RootLayout';
import * as Pages from './pages';

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
    { path: 'notifications', element: <Pages.AdminNotificationsPage /> },
    { path: 'controllers', element: <Pages.AdminControllersPage /> },
    { path: 'controllers/create', element: <Pages.AdminControllerCreatePage /> },
    { path: 'jobs', element: <Pages.AdminJobsPage /> },
    { path: 'firmware', element: <Pages.AdminFirmwarePage /> },
    { path: 'variables', element: <Pages.AdminVariablesPage /> },
    { path: 'regions', element: <Pages.AdminRegionsPage /> },
    { path: 'map', element: <Pages.AdminMapPage /> },
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
    { path: 'affiliateNotification', element: <Pages.AffiliateNotificationPage /> },
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
          { path: 'map', element: <Pages.SharedMapPage /> },
          { path: 'timeline', element: <Pages.SharedViewPage /> },
          { path: 'livefeed', element: <Pages.SharedViewPage /> },
          notFound,
        ],
      },
      {
        element: <MainLayout />,
        children: [
          // the login page itself is served outside the app (docs/decisions.md, "Web bundle and first load")
          { index: true, element: <StartRedirect /> },
          { path: 'login', element: <LoginPageRedirect /> },
          { path: 'password/request', element: <Pages.PasswordRequestPage /> },
          { path: 'password/reset/:token', element: <Pages.PasswordResetPage /> },
          { path: 'registration', element: <Pages.RegistrationPage /> },
          { path: 'logout', element: <Pages.LogoutPage /> },
          { path: 'error', element: <RouteErrorPage /> },
          {
            path: 'shop/admin',
            element: login(
              <RequireAdmin>
                <Pages.ShopAdminPage />
              </RequireAdmin>,
            ),
          },
          { path: 'shop/subscription', element: <Navigate to="/subscriptionShop" replace /> },
          { path: 'shop/abo', element: <Navigate to="/subscriptionShop" replace /> },
          { path: 'shop/:step?', element: <Pages.ShopPage /> },
          { path: 'subscriptionShop/:step?', element: <Pages.SubscriptionShopPage /> },
          // the terms of online services and the product terms, with a language prefix (docs/shop.md "Screens")
          { path: ':lang/shop/:document', element: <Pages.ShopTermsPage /> },
          { path: 'map', element: <Pages.PublicMapPage /> },
          { path: 'dashboard', element: login(<Pages.DashboardPage />) },
          { path: 'scaleoverview/:expand?', element: login(<Pages.TimelinePage />) },
          { path: 'timeline', element: login(<Pages.TimelinePage />) },
          { path: 'analysis', element: login(<Pages.AnalysisPage />) },
          { path: 'settings', element: login(<Pages.SettingsPage />) },
          { path: 'export', element: login(<Pages.ExportPage />) },
          // public: the confirmation mail's link may be opened where nobody is logged in
          { path: 'notifications/confirm', element: <Pages.ChannelConfirmPage /> },
          // public: an alarm mail's answer links (docs/alarms.md "Answers"); opening records nothing
          { path: 'alarm-answer', element: <Pages.AlarmAnswerPage /> },
          // the short chart link of an alarm SMS
          { path: 'alarm/:id', element: login(<Pages.AlarmLinkPage />) },
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
