import type { JobDefinition } from '../../background-jobs/job';
import { deliveryJob, type DeliveryJobContext } from '../alarms/send/send.job';
import type { SendDeps } from '../alarms/send/send.service';
import { sendDueNotices } from './send.service';

/** The queue POST admin/affiliateNotification nudges (docs/notices.md "Sending"). */
export const NOTICE_SEND_QUEUE = 'notice-send';

/** `notice-send`: sends the due notice deliveries (the same job shape as the alarms' sending). */
export function noticeSendJob(ctx: DeliveryJobContext, deps: Partial<SendDeps> = {}): JobDefinition<object> {
  return deliveryJob(NOTICE_SEND_QUEUE, ctx, deps, sendDueNotices);
}
