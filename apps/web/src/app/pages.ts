import type { SessionUser } from '@hivescope/contract';
import { lazyPage } from '../lib/lazy';

/**
 * Every screen is its own chunk, loaded with the i18n namespaces it uses beyond the shell's (the list after the
 * import; lib/i18nNamespaces.test.ts checks it); a failed chunk load reloads the page once (lib/lazy).
 */
export const LogoutPage = lazyPage('logout', () => import('../features/session/routes/LogoutPage'), []);
export const PasswordRequestPage = lazyPage(
  'password-request',
  () => import('../features/password/routes/PasswordRequestPage'),
  ['password'],
);
export const PasswordResetPage = lazyPage(
  'password-reset',
  () => import('../features/password/routes/PasswordResetPage'),
  ['password'],
);
export const RegistrationPage = lazyPage('registration', () => import('./wiring/RegistrationPage'), [
  'controller-registration',
  'profile',
  'registration',
]);
export const SettingsPage = lazyPage('settings', () => import('./wiring/SettingsPage'), []);
export const AdminUsersPage = lazyPage(
  'admin-users',
  () => import('../features/users/routes/AdminUsersPage'),
  ['profile', 'users'],
);
export const ManagerUsersPage = lazyPage(
  'manager-users',
  () => import('../features/users/routes/ManagerUsersPage'),
  ['users'],
);
export const DashboardPage = lazyPage(
  'dashboard',
  () => import('../features/dashboard/routes/DashboardPage'),
  ['dashboard', 'notifications', 'shop'],
);
export const AdminControllersPage = lazyPage(
  'admin-controllers',
  () => import('../features/admin-controllers/routes/AdminControllersPage'),
  ['admin-controllers', 'controller-registration'],
);
export const AdminControllerCreatePage = lazyPage(
  'admin-controller-create',
  () => import('../features/admin-controllers/routes/AdminControllerCreatePage'),
  ['admin-controllers', 'controller-registration'],
);
export const ManagerControllersPage = lazyPage(
  'manager-controllers',
  () => import('../features/admin-controllers/routes/ManagerControllersPage'),
  ['admin-controllers'],
);
export const AffiliateNotificationPage = lazyPage(
  'affiliate-notification',
  () => import('../features/notices/routes/AffiliateNotificationPage'),
  ['notices'],
);
/** The shared views /shared/timeline and /shared/livefeed (docs/shares.md), with the chart library. */
export const SharedViewPage = lazyPage(
  'shared-view',
  () => import('../features/sharing/routes/SharedViewPage'),
  ['sharing', 'timeline'],
);
/** The scale comparison (/timeline, /scaleoverview): loads the chart library (like the analysis and shared views). */
export const TimelinePage = lazyPage('timeline', () => import('../features/timeline/routes/TimelinePage'), [
  'analysis',
  'notifications',
  'sharing',
  'timeline',
]);
export const ExportPage = lazyPage('export', () => import('../features/export/routes/ExportPage'), [
  'export',
  'timeline',
]);
export const AnalysisPage = lazyPage('analysis', () => import('../features/analysis/routes/AnalysisPage'), [
  'analysis',
]);
export const AdminJobsPage = lazyPage('admin-jobs', () => import('../features/jobs/routes/AdminJobsPage'), [
  'jobs',
]);
export const AdminNotificationsPage = lazyPage(
  'admin-notifications',
  () => import('../features/notifications/routes/AdminNotificationsPage'),
  ['notifications'],
);
export const AdminRegionsPage = lazyPage(
  'admin-regions',
  () => import('../features/regions/routes/AdminRegionsPage'),
  ['regions'],
);
export const AdminFirmwarePage = lazyPage(
  'admin-firmware',
  () => import('../features/firmware/routes/AdminFirmwarePage'),
  ['firmware'],
);
export const AdminVariablesPage = lazyPage(
  'admin-variables',
  () => import('../features/notifications/routes/AdminVariablesPage'),
  ['notifications'],
);
export const AlarmLinkPage = lazyPage(
  'alarm-link',
  () => import('../features/notifications/routes/AlarmLinkPage'),
  ['notifications'],
);
export const AlarmAnswerPage = lazyPage(
  'alarm-answer',
  () => import('../features/notifications/routes/AlarmAnswerPage'),
  ['notifications'],
);
export const ChannelConfirmPage = lazyPage(
  'notification-confirm',
  () => import('../features/notifications/routes/ChannelConfirmPage'),
  ['notifications'],
);
export const ShopPage = lazyPage('shop', () => import('../features/shop/routes/ShopPage'), ['shop']);
export const SubscriptionShopPage = lazyPage(
  'subscription-shop',
  () => import('../features/shop/routes/SubscriptionShopPage'),
  ['shop'],
);
export const ShopTermsPage = lazyPage('shop-terms', () => import('../features/shop/routes/TermsPage'), [
  'shop',
]);
export const ShopAdminPage = lazyPage('shop-admin', () => import('../features/shop/routes/ShopAdminPage'), [
  'shop',
  'shop-admin',
]);
export const PublicMapPage = lazyPage('public-map', () => import('../features/map/routes/PublicMapPage'), [
  'map',
]);
export const SharedMapPage = lazyPage('shared-map', () => import('../features/map/routes/SharedMapPage'), [
  'map',
]);
export const AdminMapPage = lazyPage('admin-map', () => import('../features/map/routes/AdminMapPage'), [
  'map',
]);
/** Shown by RequireLogin instead of any screen while the transmitter registration is pending. */
export const TransmitterRegistrationGate = lazyPage(
  'transmitter-registration-gate',
  () => import('../features/controller-registration/components/TransmitterRegistrationGate'),
  ['controller-registration'],
);
/** Shown by RequireLogin instead of any screen while the profile is incomplete. */
export const ForcedProfileUpdate = lazyPage<{ user: SessionUser }>(
  'forced-profile-update',
  () =>
    import('../features/profile/components/ForcedProfileUpdate').then((m) => ({
      default: m.ForcedProfileUpdate,
    })),
  ['profile'],
);
