import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { translate } from '../../i18n';
import type { Locale } from '@hivescope/contract';
import { readableController, transmitterNotFound } from '../controllers/controller-access';
import { extendSubscription } from './fulfil.repository';
import { recordOrderEvent } from './orders.repository';
import {
  insertRedemption,
  lockSubscriptionEnd,
  renewalCodeRefusal,
  takeRenewalCodeUse,
} from './renewal.repository';
import type { ShopLog } from './shop.context';

export type Redemption = { subscriptionEnd: Date; usesRemaining: number };

const codeError = (status: number, key: string, locale: Locale) =>
  new AppError(status, key, undefined, { code: translate(locale, key) });

/**
 * Redeems one use of a renewal code on the caller's own controller (docs/shop.md "Renewal codes"): the use is
 * taken, the subscription end moved to max(now, end) + years + bonus days and the redemption logged (code,
 * controller, user, time, end before and after) in one transaction, so a use is never lost without its
 * extension and its log row (or the reverse). Only the owner redeems — an admin or watcher who can see the
 * controller gets 403, anyone else 404 — because the code is the owner's purchase.
 */
export async function redeemRenewalCode(
  deps: { db: Db; log: ShopLog },
  auth: AuthContext,
  controllerId: number,
  code: string,
  locale: Locale,
): Promise<Redemption> {
  const { access } = await readableController(deps.db, controllerId, auth);
  if (access !== 'owner') throw new AppError(403, 'shop:renewal.notOwner');
  return deps.db.transaction(async (tx) => {
    const use = await takeRenewalCodeUse(tx, code);
    if (!use) {
      const refusal = await renewalCodeRefusal(tx, code);
      if (refusal === 'invalid') throw codeError(409, 'shop:renewal.codeInvalid', locale);
      if (refusal === 'usedUp') throw codeError(409, 'errors:renewalCodeNoUses', locale);
      throw codeError(404, 'shop:renewal.unknownCode', locale);
    }
    const before = await lockSubscriptionEnd(tx, controllerId);
    const end = before && (await extendSubscription(tx, controllerId, use.years, use.bonusDays));
    if (!before || !end) throw transmitterNotFound(); // deleted meanwhile: the rollback gives the use back
    await insertRedemption(tx, {
      codeId: use.id,
      controllerId,
      userId: auth.userId,
      endsBefore: before,
      endsAt: end,
    });
    if (use.orderId !== null) {
      // the order's own history shows the redemption too (docs/shop.md "Orders")
      await recordOrderEvent(tx, {
        orderId: use.orderId,
        userId: auth.userId,
        actor: 'customer',
        action: 'renewalCodeRedeemed',
        detail: { code, controllerId, endsAt: end.toISOString() },
      });
    }
    return { subscriptionEnd: end, usesRemaining: use.usesRemaining };
  });
}
