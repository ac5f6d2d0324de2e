import type { ComponentType, LazyExoticComponent } from 'react';
import { isManagerRole } from '@hivescope/contract';

/**
 * Settings tabs (docs/product.md §2) in display order; `?tab=<id>` selects one. The components come from the
 * features and are wired in app/wiring/settingsTabs.ts (a feature does not import other features).
 */
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

/** Who looks at the settings: the session user's permissions and the brand's shop switch. */
export type SettingsViewer = {
  user: { admin: boolean; manager: boolean; role: number } | null;
  shopFeatures: boolean;
};

const isAdmin = (v: SettingsViewer) => Boolean(v.user?.admin);
const isManager = (v: SettingsViewer) => Boolean(v.user && (v.user.manager || isManagerRole(v.user.role)));
const everyone = () => true;

/**
 * Which tabs a viewer sees (docs/decisions.md, "Settings tabs by role"): the own-data tabs (jobs too: own jobs) for everyone,
 * user management for managers (their affiliation) and admins, firmware for admins, the shop
 * configuration for admins of a brand with the in-app shop. The server enforces the permissions anyway.
 */
export const SETTINGS_TAB_RULES: Record<SettingsTab, (viewer: SettingsViewer) => boolean> = {
  profile: everyone,
  controllers: everyone,
  registerTransmitters: everyone,
  watchTransmitters: everyone,
  notifications: everyone,
  sharing: everyone,
  regions: everyone,
  users: (v) => isAdmin(v) || isManager(v),
  jobs: everyone,
  firmware: isAdmin,
  shop: (v) => isAdmin(v) && v.shopFeatures,
};

/** The tabs the viewer may see, in display order (never empty: the profile tab is everyone's). */
export function allowedSettingsTabs(viewer: SettingsViewer): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => SETTINGS_TAB_RULES[tab](viewer));
}

/** The tab a `?tab=` value selects: an allowed tab as given, anything else the first allowed tab. */
export function toSettingsTab(
  value: string | null,
  allowed: readonly SettingsTab[] = SETTINGS_TABS,
): SettingsTab {
  const match = allowed.find((tab) => tab === value);
  return match ?? allowed[0] ?? DEFAULT_SETTINGS_TAB;
}

/** One lazily loaded component per tab. */
export type SettingsTabComponents = Record<SettingsTab, LazyExoticComponent<ComponentType>>;
