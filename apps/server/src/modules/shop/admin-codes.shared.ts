import type { Locale, ShopCodeEvent } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { translate } from '../../i18n';
import { codeEvents, type CodeRef } from './admin-codes.repository';

/**
 * What the promo and the renewal code administration share (docs/shop.md "Codes"): dates in and out, the
 * refusals, the changes an edit makes and a code's history (shop_code_events, one row per change with the
 * admin and the time).
 */

export const iso = (d: Date | null) => d?.toISOString() ?? null;
export const toDate = (v: string | null | undefined) => (v ? new Date(v) : null);

/** A refusal whose message also stands under the field it concerns (the forms show it there). */
export const fieldError = (
  locale: Locale,
  status: number,
  key: string,
  field: string,
  params?: Record<string, unknown>,
) => new AppError(status, key, params, { [field]: translate(locale, key, params) });
export const codeNotFound = () => new AppError(404, 'shop-admin:codes.notFound');

/** A last day that has passed is refused: an admin ends a code by deactivating it, which the history shows. */
export function refusePast(validUntil: string | null | undefined, locale: Locale) {
  if (validUntil && Date.parse(validUntil) <= Date.now())
    throw fieldError(locale, 400, 'shop-admin:codes.untilPast', 'validUntil');
}

/** `{ field: { from, to } }` of the values that really change (dates compared as instants). */
export function changesOf(current: Record<string, unknown>, next: Record<string, unknown>) {
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(next)) {
    const from = norm(current[field]);
    const value = typeof to === 'string' ? new Date(to).toISOString() : to;
    if (from !== value) changes[field] = { from: from ?? null, to: value };
  }
  return changes;
}

/** A code's history, oldest first. */
export async function eventsOf(db: Db, ref: CodeRef): Promise<ShopCodeEvent[]> {
  return (await codeEvents(db, ref)).map((e) => ({
    ...e,
    detail: (e.detail as Record<string, unknown> | null) ?? null,
    createdAt: e.createdAt.toISOString(),
  }));
}
