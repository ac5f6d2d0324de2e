import { z } from 'zod';
import type { JobDefinition } from '../../background-jobs/job';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import type { AppServices } from '../../context';
import type { Mailer } from '../../mail/mailer';
import { withServices } from '../../services';
import { sendConfirmation } from './confirmation';
import { unconfirmedOrders } from './orders.repository';
import type { ShopLog } from './shop.context';

export const SHOP_CONFIRMATION_QUEUE = 'shop-confirmation';

/**
 * `shop-confirmation`: every five minutes, the confirmation of each paid (or invoice) order of the last week
 * that is not sent yet — a mail the payment's request could not send (docs/shop.md "Confirmation mail").
 * Fails (so pg-boss records it) when any mail still failed.
 */
export function shopConfirmationJob(
  ctx: Partial<AppServices> & {
    config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'sms'>;
    db: Db;
    log: ShopLog;
  },
  // the app's mailer; a test's `{ config, db }` gets its own
  mailer: Mailer = withServices(ctx, ctx.log).mailer,
): JobDefinition<object> {
  const deps = {
    db: ctx.db,
    mailer,
    log: ctx.log,
    publicUrl: ctx.config.publicUrl,
    attachments: !!ctx.config.smtpUrl,
  };
  return {
    name: SHOP_CONFIRMATION_QUEUE,
    payload: z.object({}).passthrough(),
    schedule: { cron: '*/5 * * * *', payload: {} },
    runAtStart: true,
    run: async () => {
      let failed = 0;
      for (const order of await unconfirmedOrders(deps.db)) {
        try {
          await sendConfirmation(deps, order.id);
        } catch (err) {
          failed += 1;
          deps.log.error({ orderId: order.id, reason: String(err) }, 'order confirmation not sent');
        }
      }
      if (failed > 0) throw new Error(`${failed} order confirmation(s) not sent`);
    },
  };
}
