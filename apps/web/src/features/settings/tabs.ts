import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../lib/lazy';

/** Settings tabs (spec §2) in display order; `?tab=<id>` selects one. Each loads lazily from its feature. */
export const SETTINGS_TABS = [
  'profile',
  'controllers',
  'registerTransmitters',
  'watchTransmitters',
  'notifications',
  'sharing',
  'regions',
  'users',
  'jobs',
  'firmware',
  'shop',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
export const DEFAULT_SETTINGS_TAB: SettingsTab = 'profile';

export function toSettingsTab(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '')
    ? (value as SettingsTab)
    : DEFAULT_SETTINGS_TAB;
}

type Tab = LazyExoticComponent<ComponentType>;

export const SETTINGS_TAB_COMPONENTS: Record<SettingsTab, Tab> = {
  profile: lazyPage('settings-profile', () => import('../profile/components/ProfileSettingsTab')),
  controllers: lazyPage(
    'settings-controllers',
    () => import('../controllers/components/ControllersSettingsTab'),
  ),
  registerTransmitters: lazyPage(
    'settings-register',
    () => import('../controller-registration/components/RegisterTransmittersSettingsTab'),
  ),
  watchTransmitters: lazyPage('settings-watch', () => import('../watches/components/WatchSettingsTab')),
  notifications: lazyPage(
    'settings-notifications',
    () => import('../notifications/components/NotificationsSettingsTab'),
  ),
  sharing: lazyPage('settings-sharing', () => import('../sharing/components/SharingSettingsTab')),
  regions: lazyPage('settings-regions', () => import('../regions/components/RegionsSettingsTab')),
  users: lazyPage('settings-users', () => import('../users/components/UsersSettingsTab')),
  jobs: lazyPage('settings-jobs', () => import('../jobs/components/JobsSettingsTab')),
  firmware: lazyPage('settings-firmware', () => import('../firmware/components/FirmwareSettingsTab')),
  shop: lazyPage('settings-shop', () => import('../shop/components/ShopSettingsTab')),
};
