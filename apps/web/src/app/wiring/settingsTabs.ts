import { lazyPage } from '../../lib/lazy';
import type { SettingsTabComponents } from '../../features/settings/tabs';

/** Each settings tab's component, loaded lazily from its feature (app/ may import features). */
export const SETTINGS_TAB_COMPONENTS: SettingsTabComponents = {
  profile: lazyPage('settings-profile', () => import('../../features/profile/components/ProfileSettingsTab')),
  controllers: lazyPage(
    'settings-controllers',
    () => import('../../features/controllers/components/ControllersSettingsTab'),
  ),
  registerTransmitters: lazyPage(
    'settings-register',
    () => import('../../features/controller-registration/components/RegisterTransmittersSettingsTab'),
  ),
  watchTransmitters: lazyPage(
    'settings-watch',
    () => import('../../features/watches/components/WatchSettingsTab'),
  ),
  notifications: lazyPage(
    'settings-notifications',
    () => import('../../features/notifications/components/NotificationsSettingsTab'),
  ),
  sharing: lazyPage('settings-sharing', () => import('../../features/sharing/components/SharingSettingsTab')),
  regions: lazyPage('settings-regions', () => import('../../features/regions/components/RegionsSettingsTab')),
  users: lazyPage('settings-users', () => import('../../features/users/components/UsersSettingsTab')),
  jobs: lazyPage('settings-jobs', () => import('../../features/jobs/components/JobsSettingsTab')),
  firmware: lazyPage(
    'settings-firmware',
    () => import('../../features/firmware/components/FirmwareSettingsTab'),
  ),
  shop: lazyPage('settings-shop', () => import('../../features/shop/components/ShopSettingsTab')),
};
