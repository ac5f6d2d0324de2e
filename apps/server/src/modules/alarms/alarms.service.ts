import type { AppContext } from '../../context';
import { markDirty } from './alarms.repository';

/**
 * What other modules ask of the alarm pipeline: analyse a controller's readings again from `since` (a scale
 * created with an earlier history start, docs/alarms.md "History").
 */
export function markDirtyFrom(ctx: AppContext, controllerId: number, since: Date): Promise<void> {
  return markDirty(ctx.db, controllerId, since);
}
