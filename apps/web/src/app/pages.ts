import type { SessionUser } from '@hivescope/contract';
import { lazyPage } from '../lib/lazy';

/** Every screen is its own chunk; a failed chunk load reloads the page once (lib/lazy). */
export const ComingSoonPage = lazyPage('coming-soon', () => import('../components/ui/ComingSoon'));
export const LogoutPage = lazyPage('logout', () => import('../features/session/routes/LogoutPage'));
export const PasswordRequestPage = lazyPage(
  'password-request',
  () => import('../features/password/routes/PasswordRequestPage'),
);
export const PasswordResetPage = lazyPage(
  'password-reset',
  () => import('../features/password/routes/PasswordResetPage'),
);
export const RegistrationPage = lazyPage('registration', () => import('./wiring/RegistrationPage'));
export const SettingsPage = lazyPage('settings', () => import('./wiring/SettingsPage'));
export const AdminUsersPage = lazyPage(
  'admin-users',
  () => import('../features/users/routes/AdminUsersPage'),
);
export const ManagerUsersPage = lazyPage(
  'manager-users',
  () => import('../features/users/routes/ManagerUsersPage'),
);
export const DashboardPage = lazyPage(
  'dashboard',
  () => import('../features/dashboard/routes/DashboardPage'),
);
export const AdminControllersPage = lazyPage(
  'admin-controllers',
  () => import('../features/admin-controllers/routes/AdminControllersPage'),
);
export const AdminControllerCreatePage = lazyPage(
  'admin-controller-create',
  () => import('../features/admin-controllers/routes/AdminControllerCreatePage'),
);
export const ManagerControllersPage = lazyPage(
  'manager-controllers',
  () => import('../features/admin-controllers/routes/ManagerControllersPage'),
);
export const AffiliateNotificationPage = lazyPage(
  'affiliate-notification',
  () => import('../features/notices/routes/AffiliateNotificationPage'),
);
/** The shared views /shared/timeline and /shared/livefeed (docs/shares.md), with the chart library. */
export const SharedViewPage = lazyPage(
  'shared-view',
  () => import('../features/sharing/routes/SharedViewPage'),
);
/** The scale comparison (/timeline, /scaleoverview): loads the chart library (like the analysis and shared views). */
export const TimelinePage = lazyPage('timeline', () => import('../features/timeline/routes/TimelinePage'));
export const ExportPage = lazyPage('export', () => import('../features/export/routes/ExportPage'));
export const AnalysisPage = lazyPage('analysis', () => import('../features/analysis/routes/AnalysisPage'));
export const AdminJobsPage = lazyPage('admin-jobs', () => import('../features/jobs/routes/AdminJobsPage'));
export const AdminNotificationsPage = lazyPage(
  'admin-notifications',
  () => import('../features/notifications/routes/AdminNotificationsPage'),
);
export const AdminRegionsPage = lazyPage(
  'admin-regions',
  () => import('../features/regions/routes/AdminRegionsPage'),
);
export const AdminFirmwarePage = lazyPage(
  'admin-firmware',
  () => import('../features/firmware/routes/AdminFirmwarePage'),
);
export const AdminVariablesPage = lazyPage(
  'admin-variables',
  () => import('../features/notifications/routes/AdminVariablesPage'),
);
export const AlarmLinkPage = lazyPage(
  'alarm-link',
  () => import('../features/notifications/routes/AlarmLinkPage'),
);
export const ChannelConfirmPage = lazyPage(
  'notification-confirm',
  () => import('../features/notifications/routes/ChannelConfirmPage'),
);
export const ShopPage = lazyPage('shop', () => import('../features/shop/routes/ShopPage'));
export const SubscriptionShopPage = lazyPage(
  'subscription-shop',
  () => import('../features/shop/routes/SubscriptionShopPage'),
);
export const ShopTermsPage = lazyPage('shop-terms', () => import('../features/shop/routes/TermsPage'));
export const ShopAdminPage = lazyPage('shop-admin', () => import('../features/shop/routes/ShopAdminPage'));
export const PublicMapPage = lazyPage('public-map', () => import('../features/map/routes/PublicMapPage'));
export const SharedMapPage = lazyPage('shared-map', () => import('../features/map/routes/SharedMapPage'));
export const AdminMapPage = lazyPage('admin-map', () => import('../features/map/routes/AdminMapPage'));
/** Shown by RequireLogin instead of any screen while the transmitter registration is pending. */
export const TransmitterRegistrationGate = lazyPage(
  'transmitter-registration-gate',
  () => import('../features/controller-registration/components/TransmitterRegistrationGate'),
);
/** Shown by RequireLogin instead of any screen while the profile is incomplete. */
export const ForcedProfileUpdate = lazyPage<{ user: SessionUser }>('forced-profile-update', () =>
  import('../features/profile/components/ForcedProfileUpdate').then((m) => ({
    default: m.ForcedProfileUpdate,
  })),
);
