import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ShopOrderRequestInput } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { addressToken } from './address-confirmation';
import { promoCodes, renewalCodes, shopConfigs, shopOrderEvents, shopOrders } from '../../db/schema';

/** Test helpers of the shop: requests, bodies and row counts. */

export const address = {
  email: 'kundin@example.org',
  firstname: 'Vreni',
  lastname: 'Honig',
  street: 'Bienenweg 3',
  zip: '3006',
  city: 'Bern',
  country: 'CH',
};

/** A complete order: one 4-channel transmitter (CHF 349 + 2 years à 59 + parcel 12 = 479.00), by invoice. */
export const orderBody = (extra: Partial<ShopOrderRequestInput> = {}): ShopOrderRequestInput => ({
  controllers: { 'hs-gsm-4': 1 },
  address,
  paymentMethod: 'invoice',
  acceptTerms: true,
  ...extra,
});

/** Digital: `n` renewal codes of 2 years (or a transmitter's subscription). */
export const digitalBody = (extra: Partial<ShopOrderRequestInput> = {}): ShopOrderRequestInput =>
  orderBody({ mode: 'digital', controllers: {}, nofSubscriptions: 1, ...extra });

export function shopCall(app: FastifyInstance) {
  return async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    url: string,
    opts: { body?: unknown; user?: { cookie: string } | null; lang?: string } = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      payload: opts.body as object | undefined,
      headers: { 'accept-language': opts.lang ?? 'en', ...(opts.user ? { cookie: opts.user.cookie } : {}) },
    });
    return {
      status: res.statusCode,
      body: res.json<T & { message?: string; fields?: Record<string, string> }>(),
    };
  };
}

export async function shopCounts(db: Db) {
  const n = async (
    table: typeof shopOrders | typeof shopOrderEvents | typeof renewalCodes | typeof shopConfigs,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    orders: await n(shopOrders),
    events: await n(shopOrderEvents),
    codes: await n(renewalCodes),
    configs: await n(shopConfigs),
  };
}

export async function promoUses(db: Db, code: string): Promise<number | undefined> {
  const [row] = await db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.code, code));
  return row?.uses;
}

export async function orderRow(db: Db, key: string) {
  const [row] = await db.select().from(shopOrders).where(eq(shopOrders.key, key));
  return row;
}

/**
 * What the recipient of an order's address mail does: follows its link (docs/shop.md "Address confirmation"),
 * after which the order's confirmation goes out. Answers the link's status (303).
 */
export async function followAddressLink(
  t: { app: FastifyInstance; db: Db; config: { secretKey: string } },
  key: string,
): Promise<number> {
  const order = await orderRow(t.db, key);
  if (!order) throw new Error(`no order ${key}`);
  const token = addressToken(t.config.secretKey, order);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/shop/order/${key}/confirmAddress?token=${token}`,
  });
  return res.statusCode;
}

/** Whether a received mail is an order's address link (not one of the order's own mails). */
export const isAddressMail = (mail: { text: string }) => mail.text.includes('/confirmAddress?token=');
