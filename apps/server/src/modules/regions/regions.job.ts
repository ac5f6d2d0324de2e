import { z } from 'zod';
import type { AppContext } from '../../context';
import type { JobDefinition } from '../../background-jobs/job';
import { REGION_ASSIGN_QUEUE, reassignAll } from './regions.service';

const payload = z.object({}).strict();

/**
 * Reassigns every controller's primary and secondary region after a global region changed (docs/regions.md
 * "Assignment"). Nudged, stately: changes made while a run waits are picked up by that run.
 */
export function regionAssignJob(ctx: AppContext): JobDefinition<z.infer<typeof payload>> {
  return {
    name: REGION_ASSIGN_QUEUE,
    payload,
    run: async () => void (await reassignAll(ctx)),
  };
}
