import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../background-jobs/job';
import type { AppServices } from '../../context';
import type { MailLog } from '../../mail/mailer';
import { withServices } from '../../services';

/** The queue of the roll-out watch (docs/operations.md "Jobs"). */
export const FIRMWARE_ROLLOUT_WATCH = 'firmware-rollout-watch';

const payload = z.object({}).strict();

/**
 * `firmware-rollout-watch`, every minute and at start: controllers of active roll-outs that updated, fell back
 * to another version or went silent (docs/firmware.md "Staged roll-out"). A failure pauses a running roll-out
 * and mails the admins; the ingest notices updates and fall-backs at once, this catches silence.
 */
export function firmwareWatchJob(
  ctx: Partial<AppServices> & { config: Config; db: Db; log: MailLog },
): JobDefinition<z.infer<typeof payload>> {
  // the app's roll-out service; a test's `{ config, db }` gets its own
  const { rollouts } = withServices(ctx, ctx.log);
  return {
    name: FIRMWARE_ROLLOUT_WATCH,
    payload,
    schedule: { cron: '* * * * *', payload: {} },
    runAtStart: true,
    run: async () => {
      const found = await rollouts.watch();
      if (found.failed > 0 || found.paused > 0) ctx.log.info(found, 'firmware roll-out watch');
    },
  };
}
