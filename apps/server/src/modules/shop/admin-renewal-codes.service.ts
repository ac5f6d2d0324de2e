import type {
  Locale,
  RenewalCodeCreate,
  RenewalCodeDetail,
  RenewalCodeEdit,
  RenewalCodeItem,
  RenewalCodePage,
  ShopCodeStatus,
  ShopCodesQuery,
} from '@hivescope/contract';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import {
  codeSortType,
  findRenewal,
  insertStandaloneRenewalCode,
  listRenewalPage,
  lockRenewal,
  recordCodeEvent,
  redemptionsOf,
  updateRenewal,
  type RenewalListRow,
  type RenewalRow,
} from './admin-codes.repository';
import { changesOf, codeNotFound, eventsOf, iso, refusePast, toDate } from './admin-codes.shared';
import { newOrderKey } from './order-key';
import type { ShopContext } from './shop.context';

/**
 * The renewal codes administration (docs/shop.md "Codes"): admins list the renewal codes of orders and
 * create standalone ones, edit their uses and validity and deactivate them. Every change is a
 * shop_code_events row with the admin and the time, written in the transaction of the change.
 */

function renewalStatus(row: RenewalRow, now: Date): ShopCodeStatus {
  if (row.deactivatedAt) return 'deactivated';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.usesRemaining === 0) return 'usedUp';
  return 'active';
}

export function toRenewalItem(row: RenewalListRow, now = new Date()): RenewalCodeItem {
  return {
    id: row.id,
    code: row.code,
    orderId: row.orderId,
    orderKey: row.orderKey,
    years: row.years,
    bonusDays: row.bonusDays,
    usesRemaining: row.usesRemaining,
    redemptions: row.redemptions,
    validUntil: iso(row.validUntil),
    status: renewalStatus(row, now),
    deactivatedAt: iso(row.deactivatedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listRenewalCodes(shop: ShopContext, query: ShopCodesQuery): Promise<RenewalCodePage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, codeSortType(query.sort));
  const rows = await listRenewalPage(shop.db, { ...query, cursor, words: searchWords(query.q) });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  const now = new Date();
  return { items: page.rows.map((r) => toRenewalItem(r, now)), nextCursor: page.nextCursor };
}

export async function renewalDetail(shop: ShopContext, id: number): Promise<RenewalCodeDetail> {
  const row = await findRenewal(shop.db, id);
  if (!row) throw codeNotFound();
  const [redemptions, events] = await Promise.all([
    redemptionsOf(shop.db, id),
    eventsOf(shop.db, { renewalCodeId: id }),
  ]);
  return {
    ...toRenewalItem(row),
    redemptionLog: redemptions.map((r) => ({
      ...r,
      endsBefore: r.endsBefore.toISOString(),
      endsAt: r.endsAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    })),
    events,
  };
}

/** A standalone renewal code (no order): drawn like an order key, drawn again in the rare case it exists. */
export async function createRenewal(
  shop: ShopContext,
  auth: AuthContext,
  body: RenewalCodeCreate,
  locale: Locale,
) {
  refusePast(body.validUntil, locale);
  return shop.db.transaction(async (tx) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const row = await insertStandaloneRenewalCode(tx, {
        code: newOrderKey(),
        years: body.years,
        bonusDays: body.bonusDays,
        usesRemaining: body.uses,
        validUntil: toDate(body.validUntil),
      });
      if (!row) continue;
      const detail = {
        code: row.code,
        years: row.years,
        bonusDays: row.bonusDays,
        uses: row.usesRemaining,
        validUntil: iso(row.validUntil),
      };
      await recordCodeEvent(tx, { renewalCodeId: row.id, userId: auth.userId, action: 'created', detail });
      return { id: row.id, code: row.code };
    }
    throw new Error('no free renewal code after 5 draws');
  });
}

/** Uses left and validity of a renewal code; answers whether anything changed. A deactivated code is final. */
export async function editRenewal(
  shop: ShopContext,
  auth: AuthContext,
  id: number,
  edit: RenewalCodeEdit,
  locale: Locale,
) {
  return shop.db.transaction(async (tx) => {
    const row = await lockRenewal(tx, id);
    if (!row) throw codeNotFound();
    if (row.deactivatedAt) throw new AppError(409, 'shop-admin:codes.deactivated');
    const changes = changesOf(row, edit);
    if (Object.keys(changes).length === 0) return false;
    if ('validUntil' in changes) refusePast(edit.validUntil, locale);
    await updateRenewal(tx, id, {
      ...(edit.usesRemaining === undefined ? {} : { usesRemaining: edit.usesRemaining }),
      ...(edit.validUntil === undefined ? {} : { validUntil: toDate(edit.validUntil) }),
    });
    await recordCodeEvent(tx, {
      renewalCodeId: id,
      userId: auth.userId,
      action: 'edited',
      detail: { changes },
    });
    return true;
  });
}

/** Deactivates a renewal code for good; answers false (and records nothing) when it already was. */
export async function deactivateRenewal(shop: ShopContext, auth: AuthContext, id: number): Promise<boolean> {
  return shop.db.transaction(async (tx) => {
    const row = await lockRenewal(tx, id);
    if (!row) throw codeNotFound();
    if (row.deactivatedAt) return false;
    await updateRenewal(tx, id, { deactivatedAt: new Date() });
    await recordCodeEvent(tx, { renewalCodeId: id, userId: auth.userId, action: 'deactivated' });
    return true;
  });
}
