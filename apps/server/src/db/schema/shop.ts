import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { controllers } from './controllers';
import { users } from './users';

/** The shop (docs/shop.md). Money columns are integer centimes. */

/** Versions of the shop config as YAML; the newest valid one is active (docs/shop.md "Active config"). */
export const shopConfigs = pgTable('shop_configs', {
  id: serial('id').primaryKey(),
  yaml: text('yaml').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

/** A promo code: a percentage (hundredths of a percent) or an amount (centimes), exactly one of them. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** upper case, as promoCodeSchema compares it */
    code: text('code').notNull().unique(),
    percentHundredths: integer('percent_hundredths'),
    amount: integer('amount'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    /** orders holding the code (reserved when ordered, released when the payment fails; docs/shop.md) */
    uses: integer('uses').notNull().default(0),
    /** set by an admin: the code is no longer accepted (docs/shop.md "Codes") */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_one_discount', sql`(${t.percentHundredths} IS NULL) <> (${t.amount} IS NULL)`),
    check('promo_codes_uses', sql`${t.uses} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} <= ${t.maxUses})`),
    // the keyset order of GET shop/promoCodes (docs/api-conventions.md "Lists and pagination")
    index('promo_codes_created_idx').on(t.createdAt, t.id),
  ],
);

/** An order (spec §3 "Shop order"): the cart as sent, its server price, payment and the flags of spec §3. */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull().unique(),
    /** open, completed, cancelled */
    state: text('state').notNull().default('open'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** language of the customer's mails */
    locale: text('locale').notNull(),
    cart: jsonb('cart').notNull(),
    priced: jsonb('priced').notNull(),
    total: integer('total').notNull(),
    discount: integer('discount').notNull().default(0),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /** card, invoice */
    paymentMethod: text('payment_method').notNull(),
    /** pending, paid, failed, invoice */
    paymentState: text('payment_state').notNull(),
    paymentSessionId: text('payment_session_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    subscriptionControllerId: integer('subscription_controller_id').references(() => controllers.id, {
      onDelete: 'set null',
    }),
    /** the controller's subscription end after this order was paid */
    subscriptionEndsAt: timestamp('subscription_ends_at', { withTimezone: true }),
    confirmationSent: boolean('confirmation_sent').notNull().default(false),
    offerSent: boolean('offer_sent').notNull().default(false),
    invoiceSent: boolean('invoice_sent').notNull().default(false),
    controllerShipped: boolean('controller_shipped').notNull().default(false),
    cleared: boolean('cleared').notNull().default(false),
    advanceRequested: boolean('advance_requested').notNull().default(false),
    paidAmount: integer('paid_amount').notNull().default(0),
    receivedAmount: integer('received_amount').notNull().default(0),
    /** the admins' comment; the customer's is in the cart (`userComment`) */
    comment: text('comment').notNull().default(''),
    userComment: text('user_comment').notNull().default(''),
    address: jsonb('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shop_orders_state_idx').on(t.state),
    index('shop_orders_user_idx').on(t.userId),
    // the keyset orders of GET shop/orders (docs/api-conventions.md "Lists and pagination")
    index('shop_orders_created_idx').on(t.createdAt, t.id),
    index('shop_orders_total_idx').on(t.total, t.id),
  ],
);

/** What happened to an order, by whom and when (the audit of docs/shop.md "Orders"). */
export const shopOrderEvents = pgTable(
  'shop_order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => shopOrders.id, { onDelete: 'cascade' }),
    /** the user who acted; null for the customer without account, the payment provider or the system */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** customer, provider, system, admin */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shop_order_events_order_idx').on(t.orderId)],
);

/** Payment provider events already handled: a replayed webhook changes nothing twice. */
export const shopPaymentEvents = pgTable('shop_payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  orderId: integer('order_id').references(() => shopOrders.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A renewal code (order-key format), bought in the shop or made by an admin (no order); each use extends one
 * controller's subscription.
 */
export const renewalCodes = pgTable(
  'renewal_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    orderId: integer('order_id').references(() => shopOrders.id, { onDelete: 'set null' }),
    years: integer('years').notNull(),
    /** the quantity bonus of this code (docs/shop.md "Pricing", Quantity bonus), days added to the years */
    bonusDays: integer('bonus_days').notNull().default(0),
    usesRemaining: integer('uses_remaining').notNull(),
    /** redeemable until then; null: no end (docs/shop.md "Codes") */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** set by an admin: the code is no longer accepted */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('renewal_codes_uses', sql`${t.usesRemaining} >= 0`),
    // the keyset order of GET shop/renewalCodes (docs/api-conventions.md "Lists and pagination")
    index('renewal_codes_created_idx').on(t.createdAt, t.id),
    index('renewal_codes_order_idx').on(t.orderId),
  ],
);

/**
 * Each redemption of a renewal code (docs/shop.md "Renewal codes"): written in the transaction that takes the
 * use and moves the subscription end, so the log and the ends never disagree.
 */
export const renewalRedemptions = pgTable(
  'renewal_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => renewalCodes.id, { onDelete: 'cascade' }),
    controllerId: integer('controller_id').references(() => controllers.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the controller's subscription end before and after the redemption */
    endsBefore: timestamp('ends_before', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('renewal_redemptions_code_idx').on(t.codeId, t.id)],
);

/** What admins did to a promo or renewal code, by whom and when (docs/shop.md "Codes"). */
export const shopCodeEvents = pgTable(
  'shop_code_events',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'cascade' }),
    renewalCodeId: integer('renewal_code_id').references(() => renewalCodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** created, edited, deactivated */
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_code_events_one_code', sql`(${t.promoCodeId} IS NULL) <> (${t.renewalCodeId} IS NULL)`),
    index('shop_code_events_promo_idx').on(t.promoCodeId),
    index('shop_code_events_renewal_idx').on(t.renewalCodeId),
  ],
);
