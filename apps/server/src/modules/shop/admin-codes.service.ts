import type {
  Locale,
  PromoCodeCreate,
  PromoCodeDetail,
  PromoCodeEdit,
  PromoCodeItem,
  PromoCodePage,
  RenewalCodeCreate,
  RenewalCodeDetail,
  RenewalCodeEdit,
  RenewalCodeItem,
  RenewalCodePage,
  ShopCodeEvent,
  ShopCodeStatus,
  ShopCodesQuery,
} from '@hivescope/contract';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { translate } from '../../i18n';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import {
  codeEvents,
  codeSortType,
  findPromo,
  findRenewal,
  insertPromoCode,
  insertStandaloneRenewalCode,
  listPromoPage,
  listRenewalPage,
  lockPromo,
  lockRenewal,
  recordCodeEvent,
  redemptionsOf,
  updatePromo,
  updateRenewal,
  type CodeRef,
  type PromoRow,
  type RenewalListRow,
  type RenewalRow,
} from './admin-codes.repository';
import { newOrderKey } from './order-key';

/**
 * The codes administration (docs/shop.md "Codes"): admins create, list, edit (validity and uses) and
 * deactivate promo codes and standalone renewal codes. Every change is a shop_code_events row with the
 * admin and the time, written in the transaction of the change.
 */

const iso = (d: Date | null) => d?.toISOString() ?? null;
/** A refusal whose message also stands under the field it concerns (the forms show it there). */
const fieldError = (
  locale: Locale,
  status: number,
  key: string,
  field: string,
  params?: Record<string, unknown>,
) => new AppError(status, key, params, { [field]: translate(locale, key, params) });
const codeNotFound = () => new AppError(404, 'shop-admin:codes.notFound');

function promoStatus(row: PromoRow, now: Date): ShopCodeStatus {
  if (row.deactivatedAt) return 'deactivated';
  if (row.validFrom && row.validFrom > now) return 'scheduled';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'usedUp';
  return 'active';
}

function renewalStatus(row: RenewalRow, now: Date): ShopCodeStatus {
  if (row.deactivatedAt) return 'deactivated';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.usesRemaining === 0) return 'usedUp';
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

async function eventsOf(db: Db, ref: CodeRef): Promise<ShopCodeEvent[]> {
  return (await codeEvents(db, ref)).map((e) => ({
    ...e,
    detail: (e.detail as Record<string, unknown> | null) ?? null,
    createdAt: e.createdAt.toISOString(),
  }));
}

/** A last day that has passed is refused: an admin ends a code by deactivating it, which the history shows. */
function refusePast(validUntil: string | null | undefined, locale: Locale) {
  if (validUntil && Date.parse(validUntil) <= Date.now())
    throw fieldError(locale, 400, 'shop-admin:codes.untilPast', 'validUntil');
}

/** `{ field: { from, to } }` of the values that really change (dates compared as instants). */
function changesOf(current: Record<string, unknown>, next: Record<string, unknown>) {
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(next)) {
    const from = norm(current[field]);
    const value = typeof to === 'string' ? new Date(to).toISOString() : to;
    if (from !== value) changes[field] = { from: from ?? null, to: value };
  }
  return changes;
}

const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);

// --- promo codes ---

export async function listPromoCodes(db: Db, query: ShopCodesQuery): Promise<PromoCodePage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, codeSortType(query.sort));
  const rows = await listPromoPage(db, { ...query, cursor, words: searchWords(query.q) });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  const now = new Date();
  return { items: page.rows.map((r) => toPromoItem(r, now)), nextCursor: page.nextCursor };
}

export async function promoDetail(db: Db, id: number): Promise<PromoCodeDetail> {
  const row = await findPromo(db, id);
  if (!row) throw codeNotFound();
  return { ...toPromoItem(row), events: await eventsOf(db, { promoCodeId: id }) };
}

/** A new promo code; a code that exists already (in any state) is 409 on `code`. */
export async function createPromo(db: Db, auth: AuthContext, body: PromoCodeCreate, locale: Locale) {
  refusePast(body.validUntil, locale);
  return db.transaction(async (tx) => {
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
export async function editPromo(db: Db, auth: AuthContext, id: number, edit: PromoCodeEdit, locale: Locale) {
  return db.transaction(async (tx) => {
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
export async function deactivatePromo(db: Db, auth: AuthContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockPromo(tx, id);
    if (!row) throw codeNotFound();
    if (row.deactivatedAt) return false;
    await updatePromo(tx, id, { deactivatedAt: new Date() });
    await recordCodeEvent(tx, { promoCodeId: id, userId: auth.userId, action: 'deactivated' });
    return true;
  });
}

// --- renewal codes ---

export async function listRenewalCodes(db: Db, query: ShopCodesQuery): Promise<RenewalCodePage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, codeSortType(query.sort));
  const rows = await listRenewalPage(db, { ...query, cursor, words: searchWords(query.q) });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  const now = new Date();
  return { items: page.rows.map((r) => toRenewalItem(r, now)), nextCursor: page.nextCursor };
}

export async function renewalDetail(db: Db, id: number): Promise<RenewalCodeDetail> {
  const row = await findRenewal(db, id);
  if (!row) throw codeNotFound();
  const [redemptions, events] = await Promise.all([
    redemptionsOf(db, id),
    eventsOf(db, { renewalCodeId: id }),
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
export async function createRenewal(db: Db, auth: AuthContext, body: RenewalCodeCreate, locale: Locale) {
  refusePast(body.validUntil, locale);
  return db.transaction(async (tx) => {
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
  db: Db,
  auth: AuthContext,
  id: number,
  edit: RenewalCodeEdit,
  locale: Locale,
) {
  return db.transaction(async (tx) => {
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
export async function deactivateRenewal(db: Db, auth: AuthContext, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockRenewal(tx, id);
    if (!row) throw codeNotFound();
    if (row.deactivatedAt) return false;
    await updateRenewal(tx, id, { deactivatedAt: new Date() });
    await recordCodeEvent(tx, { renewalCodeId: id, userId: auth.userId, action: 'deactivated' });
    return true;
  });
}
