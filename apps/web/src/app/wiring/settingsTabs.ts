import { lazyPage } from '../../lib/lazy';
import type { SettingsTabComponents } from '../../features/settings/tabs';

/** Each settings tab's component, loaded lazily from its feature (app/ may import features). */
export const SETTINGS_TAB_COMPONENTS: SettingsTabComponents = {
  profile: lazyPage(
    'settings-profile',
    () => import('../../features/profile/components/ProfileSettingsTab'),
    ['password', 'profile'],
  ),
  controllers: lazyPage(
    'settings-controllers',
    () => import('../../features/controllers/components/ControllersSettingsTab'),
    ['controllers-settings', 'dashboard', 'forwarding', 'shop'],
  ),
  registerTransmitters: lazyPage(
    'settings-register',
    () => import('../../features/controller-registration/components/RegisterTransmittersSettingsTab'),
    ['controller-registration'],
  ),
  watchTransmitters: lazyPage(
    'settings-watch',
    () => import('../../features/watches/components/WatchSettingsTab'),
    ['watches'],
  ),
  notifications: lazyPage(
    'settings-notifications',
    () => import('../../features/notifications/components/NotificationsSettingsTab'),
    ['notifications'],
  ),
  sharing: lazyPage(
    'settings-sharing',
    () => import('../../features/sharing/components/SharingSettingsTab'),
    ['sharing', 'timeline'],
  ),
  regions: lazyPage(
    'settings-regions',
    () => import('../../features/regions/components/RegionsSettingsTab'),
    ['regions'],
  ),
  users: lazyPage('settings-users', () => import('../../features/users/components/UsersSettingsTab'), [
    'profile',
    'users',
  ]),
  jobs: lazyPage('settings-jobs', () => import('../../features/jobs/components/JobsSettingsTab'), ['jobs']),
  firmware: lazyPage(
    'settings-firmware',
    () => import('../../features/firmware/components/FirmwareSettingsTab'),
    ['firmware'],
  ),
  shop: lazyPage('settings-shop', () => import('../../features/shop/components/ShopSettingsTab'), [
    'shop-admin',
  ]),
};
