import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/job';
import { createMailer, type MailLog } from '../../mail/mailer';
import { createRolloutService } from './rollout.service';

/** The queue of the roll-out watch (docs/operations.md "Jobs"). */
export const FIRMWARE_ROLLOUT_WATCH = 'firmware-rollout-watch';

const payload = z.object({}).strict();

/**
 * `firmware-rollout-watch`, every minute and at start: controllers of active roll-outs that updated, fell back
 * to another version or went silent (docs/firmware.md "Staged roll-out"). A failure pauses a running roll-out
 * and mails the admins; the ingest notices updates and fall-backs at once, this catches silence.
 */
export function firmwareWatchJob(ctx: {
  config: Config;
  db: Db;
  log: MailLog;
}): JobDefinition<z.infer<typeof payload>> {
  const rollouts = createRolloutService({
    db: ctx.db,
    mailer: createMailer(ctx.config, ctx.db, ctx.log),
    publicUrl: ctx.config.publicUrl,
    log: ctx.log,
  });
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
