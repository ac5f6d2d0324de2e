import { describe, expect, it } from 'vitest';
import { toSettingsTab } from './tabs';

describe('settings tab from the URL', () => {
  it('accepts known tabs and falls back to the profile tab', () => {
    expect(toSettingsTab('sharing')).toBe('sharing');
    expect(toSettingsTab(null)).toBe('profile');
    expect(toSettingsTab('nope')).toBe('profile');
  });
});
