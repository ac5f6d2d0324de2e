import { DEFAULT_GLOBAL_SETTINGS, globalSettingsSchema, type GlobalSettings } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { readSetting, writeSetting } from './global-settings.repository';

const KEY = 'alarms';

/**
 * The admin's global settings (/a/variables; docs/alarms.md "Activity"). A stored value that no longer parses
 * (a field added or renamed) falls back field by field to the defaults, so a release never breaks detection.
 */
export async function globalSettings(db: Queryable): Promise<GlobalSettings> {
  const stored = await readSetting(db, KEY);
  const merged = { ...DEFAULT_GLOBAL_SETTINGS, ...(isObject(stored) ? stored : {}) };
  const parsed = globalSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_GLOBAL_SETTINGS;
}

export async function saveGlobalSettings(db: Queryable, settings: GlobalSettings): Promise<void> {
  await writeSetting(db, KEY, settings);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
