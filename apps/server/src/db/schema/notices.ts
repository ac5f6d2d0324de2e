import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { affiliations, users } from './users';
import { notificationChannels } from './alarms';

/**
 * Notices of a veterinary service to the beekeepers with a controller in chosen regions
 * (/m/affiliateNotification, docs/notices.md). Recipients are fixed when the notice is sent.
 */
export const affiliateNotices = pgTable(
  'affiliate_notices',
  {
    id: serial('id').primaryKey(),
    affiliationId: integer('affiliation_id').references(() => affiliations.id, { onDelete: 'set null' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    regionIds: integer('region_ids').array().notNull(),
    /** The channel types it goes out on (mail, sms). */
    channelTypes: text('channel_types').array().notNull(),
    message: text('message').notNull(),
    recipients: integer('recipients').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_notices_affiliation_idx').on(t.affiliationId, t.createdAt)],
);

/** One notice to one confirmed channel of one recipient, sent by a job with retries. */
export const affiliateNoticeDeliveries = pgTable(
  'affiliate_notice_deliveries',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => affiliateNotices.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.channelId] }),
    index('affiliate_notice_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
