import type { Queryable } from '../../db/queryable';
import { markDirty } from './alarms.repository';

/**
 * What other modules ask of the alarm pipeline: analyse a controller's readings again from `since` (a scale
 * created with an earlier history start, docs/alarms.md "History").
 */
export function markDirtyFrom(db: Queryable, controllerId: number, since: Date): Promise<void> {
  return markDirty(db, controllerId, since);
}
