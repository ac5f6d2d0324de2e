import { describe, expect, it } from 'vitest';
import { allowedSettingsTabs, toSettingsTab, type SettingsViewer } from './tabs';

const user = { admin: false, manager: false, role: 10 };
const viewer = (u: Partial<typeof user>, shopFeatures = true): SettingsViewer => ({
  user: { ...user, ...u },
  shopFeatures,
});
const OWN_DATA = [
  'profile',
  'controllers',
  'registerTransmitters',
  'watchTransmitters',
  'notifications',
  'sharing',
  'regions',
];

describe('settings tabs by role', () => {
  it('an ordinary user sees the tabs of their own data and their own jobs (no user management, firmware, shop)', () => {
    expect(allowedSettingsTabs(viewer({}))).toEqual([...OWN_DATA, 'jobs']);
  });

  it('a manager (role ≤ 2 or the manager flag) also gets user management, nothing admin-only', () => {
    expect(allowedSettingsTabs(viewer({ role: 2 }))).toEqual([...OWN_DATA, 'users', 'jobs']);
    expect(allowedSettingsTabs(viewer({ manager: true }))).toEqual([...OWN_DATA, 'users', 'jobs']);
  });

  it('an admin sees all eleven tabs; the shop tab only on a brand with the in-app shop', () => {
    expect(allowedSettingsTabs(viewer({ admin: true }))).toEqual([
      ...OWN_DATA,
      'users',
      'jobs',
      'firmware',
      'shop',
    ]);
    expect(allowedSettingsTabs(viewer({ admin: true }, false))).not.toContain('shop');
  });

  it('without a user (still restoring) only the own-data tabs are offered', () => {
    expect(allowedSettingsTabs({ user: null, shopFeatures: true })).toEqual([...OWN_DATA, 'jobs']);
  });
});

describe('settings tab from the URL', () => {
  it('accepts known tabs and falls back to the profile tab', () => {
    expect(toSettingsTab('sharing')).toBe('sharing');
    expect(toSettingsTab(null)).toBe('profile');
    expect(toSettingsTab('nope')).toBe('profile');
  });

  it('a tab the role may not see falls back to the first allowed tab', () => {
    const allowed = allowedSettingsTabs(viewer({}));
    expect(toSettingsTab('firmware', allowed)).toBe('profile');
    expect(toSettingsTab('jobs', ['controllers', 'sharing'])).toBe('controllers');
    expect(toSettingsTab('sharing', allowed)).toBe('sharing');
  });
});
