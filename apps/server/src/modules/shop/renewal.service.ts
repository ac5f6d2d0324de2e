import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { translate } from '../../i18n';
import type { Locale } from '@hivescope/contract';
import { readableController, transmitterNotFound } from '../controllers/controller-access';
import { extendSubscription } from './fulfil.repository';
import { recordOrderEvent } from './orders.repository';
import { renewalCodeExists, takeRenewalCodeUse } from './renewal.repository';
import type { ShopLog } from './shop.context';

export type Redemption = { subscriptionEnd: Date; usesRemaining: number };

const codeError = (status: number, key: string, locale: Locale) =>
  new AppError(status, key, undefined, { code: translate(locale, key) });

/**
 * Redeems one use of a renewal code on the caller's own controller (docs/shop.md "Renewal codes"): the use is
 * taken, the subscription end moved to max(now, end) + years + bonus days and the redemption recorded in one
 * transaction, so a use is never lost without its extension (or the reverse). Only the owner redeems — an admin
 * or watcher who can see the controller gets 403, anyone else 404 — because the code is the owner's purchase.
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
      if (await renewalCodeExists(tx, code)) throw codeError(409, 'errors:renewalCodeNoUses', locale);
      throw codeError(404, 'shop:renewal.unknownCode', locale);
    }
    const end = await extendSubscription(tx, controllerId, use.years, use.bonusDays);
    if (!end) throw transmitterNotFound(); // deleted meanwhile: the rollback gives the use back
    const detail = { code, controllerId, endsAt: end.toISOString() };
    if (use.orderId !== null) {
      await recordOrderEvent(tx, {
        orderId: use.orderId,
        userId: auth.userId,
        actor: 'customer',
        action: 'renewalCodeRedeemed',
        detail,
      });
    } else {
      // A code without its order (the order was deleted) has no audit row to hang on: the log keeps it.
      deps.log.info({ ...detail, userId: auth.userId }, 'renewal code redeemed');
    }
    return { subscriptionEnd: end, usesRemaining: use.usesRemaining };
  });
}
