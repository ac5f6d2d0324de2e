import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { controllers } from './controllers';

/**
 * Forwardings (docs/forwarding.md): a controller channel's readings sent on to an outside system — an e-mail
 * address of a reporting service (SMS-style text, at most hourly), a URL (JSON POST, HMAC-signed) or an FTP
 * server (a CSV file per report). `cursor` is the last report time handed to a delivery, so the job that
 * scans for new reports never touches the ingest path.
 */
export const forwardings = pgTable(
  'forwardings',
  {
    id: serial('id').primaryKey(),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    kind: text('kind').$type<'email' | 'http' | 'ftp'>().notNull(),
    /** The mail address, the URL, or the FTP server as ftp://user@host:port/dir (no password). */
    target: text('target').notNull(),
    /** Kind-specific settings that are not secret (FTP host, port, user, directory, TLS). */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** The HMAC key of a URL forwarding or the FTP password, encrypted at rest (docs/forwarding.md). */
    secret: text('secret'),
    cursor: timestamp('cursor', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forwardings_controller_idx').on(t.controllerId, t.channel)],
);

/**
 * One delivery of one report (or, for mail, one hour of reports) to one forwarding. The unique key makes
 * delivery at-least-once without doubles across restarts: a re-run finds the row and only retries it.
 */
export const forwardingDeliveries = pgTable(
  'forwarding_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    forwardingId: integer('forwarding_id')
      .notNull()
      .references(() => forwardings.id, { onDelete: 'cascade' }),
    /** The report's time (mail: the start of the hour it covers). */
    reportAt: timestamp('report_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('forwarding_deliveries_key_uq').on(t.forwardingId, t.reportAt),
    index('forwarding_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
