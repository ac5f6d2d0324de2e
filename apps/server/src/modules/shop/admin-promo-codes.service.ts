import type {
  Locale,
  PromoCodeCreate,
  PromoCodeDetail,
  PromoCodeEdit,
  PromoCodeItem,
  PromoCodePage,
  ShopCodeStatus,
  ShopCodesQuery,
} from '@hivescope/contract';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import {
  codeSortType,
  findPromo,
  insertPromoCode,
  listPromoPage,
  lockPromo,
  recordCodeEvent,
  updatePromo,
  type PromoRow,
} from './admin-codes.repository';
import { changesOf, codeNotFound, eventsOf, fieldError, iso, refusePast, toDate } from './admin-codes.shared';
import type { ShopContext } from './shop.context';

/**
 * The promo codes administration (docs/shop.md "Codes"): admins create, list, edit (validity and uses) and
 * deactivate promo codes. Every change is a shop_code_events row with the admin and the time, written in the
 * transaction of the change.
 */

function promoStatus(row: PromoRow, now: Date): ShopCodeStatus {
  if (row.deactivatedAt) return 'deactivated';
  if (row.validFrom && row.validFrom > now) return 'scheduled';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'usedUp';
  return 'active';
}

export function toPromoItem(row: PromoRow, now = new Date()): PromoCodeItem {
  return {
    id: row.id,
    code: row.code,
    percent: row.percentHundredths === null ? null : row.percentHundredths / 100,
    amount: row.amount,
    validFrom: iso(row.validFrom),
    validUntil: iso(row.validUntil),
    maxUses: row.maxUses,
    uses: row.uses,
    status: promoStatus(row, now),
    deactivatedAt: iso(row.deactivatedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listPromoCodes(shop: ShopContext, query: ShopCodesQuery): Promise<PromoCodePage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, codeSortType(query.sort));
  const rows = await listPromoPage(shop.db, { ...query, cursor, words: searchWords(query.q) });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  const now = new Date();
  return { items: page.rows.map((r) => toPromoItem(r, now)), nextCursor: page.nextCursor };
}

export async function promoDetail(shop: ShopContext, id: number): Promise<PromoCodeDetail> {
  const row = await findPromo(shop.db, id);
  if (!row) throw codeNotFound();
  return { ...toPromoItem(row), events: await eventsOf(shop.db, { promoCodeId: id }) };
}

/** A new promo code; a code that exists already (in any state) is 409 on `code`. */
export async function createPromo(
  shop: ShopContext,
  auth: AuthContext,
  body: PromoCodeCreate,
  locale: Locale,
) {
  refusePast(body.validUntil, locale);
  return shop.db.transaction(async (tx) => {
    const percentHundredths = body.percent == null ? null : Math.round(body.percent * 100);
    const values = {
      code: body.code,
      percentHundredths,
      amount: body.amount ?? null,
      validFrom: toDate(body.validFrom),
      validUntil: toDate(body.validUntil),
      maxUses: body.maxUses ?? null,
    };
    const row = await insertPromoCode(tx, values);
    if (!row) throw fieldError(locale, 409, 'shop-admin:codes.duplicate', 'code');
    const item = toPromoItem(row);
    const detail = {
      code: item.code,
      percent: item.percent,
      amount: item.amount,
      validFrom: item.validFrom,
      validUntil: item.validUntil,
      maxUses: item.maxUses,
    };
    await recordCodeEvent(tx, { promoCodeId: row.id, userId: auth.userId, action: 'created', detail });
    return { id: row.id, code: row.code };
  });
}

/**
 * Validity and maximum uses of a promo code; answers whether anything changed. A deactivated code is final
 * (409); the last day must follow the first; the maximum cannot fall below the uses already taken.
 */
export async function editPromo(
  shop: ShopContext,
  auth: AuthContext,
  id: number,
  edit: PromoCodeEdit,
  locale: Locale,
) {
  return shop.db.transaction(async (tx) => {
    const row = await lockPromo(tx, id);
    if (!row) throw codeNotFound();
    if (row.deactivatedAt) throw new AppError(409, 'shop-admin:codes.deactivated');
    const changes = changesOf(row, edit);
    if (Object.keys(changes).length === 0) return false;
    if ('validUntil' in changes) refusePast(edit.validUntil, locale);
    const from = edit.validFrom === undefined ? row.validFrom : toDate(edit.validFrom);
    const until = edit.validUntil === undefined ? row.validUntil : toDate(edit.validUntil);
    if (from && until && until <= from)
      throw fieldError(locale, 400, 'shop-admin:codes.untilBeforeFrom', 'validUntil');
    const maxUses = edit.maxUses === undefined ? row.maxUses : edit.maxUses;
    if (maxUses !== null && maxUses < row.uses)
      throw fieldError(locale, 400, 'shop-admin:codes.maxBelowUses', 'maxUses', { uses: row.uses });
    await updatePromo(tx, id, { validFrom: from, validUntil: until, maxUses });
    await recordCodeEvent(tx, {
      promoCodeId: id,
      userId: auth.userId,
      action: 'edited',
      detail: { changes },
    });
    return true;
  });
}

/** Deactivates a promo code for good; answers false (and records nothing) when it already was. */
export async function deactivatePromo(shop: ShopContext, auth: AuthContext, id: number): Promise<boolean> {
  return shop.db.transaction(async (tx) => {
    const row = await lockPromo(tx, id);
    if (!row) throw codeNotFound();
    if (row.deactivatedAt) return false;
    await updatePromo(tx, id, { deactivatedAt: new Date() });
    await recordCodeEvent(tx, { promoCodeId: id, userId: auth.userId, action: 'deactivated' });
    return true;
  });
}
