import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ALARM_ANSWERS,
  DEFAULT_ALARM_FROM_MINUTE,
  DEFAULT_ALARM_TO_MINUTE,
  DEFAULT_NOTIFICATION_TYPES,
  type AlarmAnswer,
  type AlarmSeen,
  type AlarmType,
  type ChannelStatus,
  type ChannelType,
  type NotificationType,
} from '@hivescope/contract';
import { controllers, scales } from './controllers';
import { users } from './users';

/** Where a person receives alarms (docs/alarms.md "Channels"): confirmed by a mail link or an SMS code. */
export const notificationChannels = pgTable(
  'notification_channels',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ChannelType>().notNull(),
    address: text('address').notNull(),
    status: text('status').$type<ChannelStatus>().notNull().default('pending'),
    /** SHA-256 of the confirmation token (mail) or code (SMS); null once confirmed. */
    confirmHash: text('confirm_hash'),
    confirmExpires: timestamp('confirm_expires', { withTimezone: true }),
    /** Sends that failed in a row; at the limit the channel is marked failing. */
    failures: smallint('failures').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_channels_address_uq').on(t.userId, t.type, t.address),
    index('notification_channels_confirm_idx').on(t.confirmHash),
  ],
);

/** A notification type of a controller muted until `until` (spec: 1 or 2 hours). */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.type] })],
);

/**
 * One alarm, keyed by (controller, scale, type, time) so that a re-sent report or a second detection run
 * never records (or sends) it twice. `time` is the reading time; controller alarms have no scale.
 */
export const alarmEvents = pgTable(
  'alarm_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    scaleId: integer('scale_id').references(() => scales.id, { onDelete: 'cascade' }),
    channel: smallint('channel'),
    type: text('type').$type<AlarmType>().notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    delta: real('delta'),
    /** What a swarm or disturbance alarm saw (docs/alarms.md "Explanations"); null for the other types. */
    seen: jsonb('seen').$type<AlarmSeen>(),
    /** What happened to it: sent (or queued) on channels, or recorded only (docs/alarms.md "Sending"). */
    delivery: text('delivery')
      .$type<'pending' | 'sent' | 'muted' | 'stale' | 'off' | 'failed' | 'none'>()
      .notNull(),
  },
  (t) => [
    unique('alarm_events_key_uq').on(t.controllerId, t.scaleId, t.type, t.time).nullsNotDistinct(),
    index('alarm_events_controller_time_idx').on(t.controllerId, t.time),
    // the admin's event list pages by (time, id) and (detected_at, id) (docs/api-conventions.md "Lists and pagination")
    index('alarm_events_time_id_idx').on(t.time, t.id),
    index('alarm_events_detected_id_idx').on(t.detectedAt, t.id),
  ],
);

/** One message of one event on one channel: the at-least-once send's key (docs/alarms.md "Sending"). */
export const alarmDeliveries = pgTable(
  'alarm_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => alarmEvents.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.channelId] }),
    index('alarm_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * The beekeeper's answer to a swarm, disturbance or removed event (docs/alarms.md "Answers"): one per event.
 * `userId` is the owner who answered in the app, null for an answer through the mail's link (`via` mail).
 */
export const alarmAnswers = pgTable(
  'alarm_answers',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .primaryKey()
      .references(() => alarmEvents.id, { onDelete: 'cascade' }),
    answer: text('answer').$type<AlarmAnswer>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    via: text('via').$type<'app' | 'mail'>().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alarm_answers_answer_ck', sql.raw(`answer IN (${ALARM_ANSWERS.map((a) => `'${a}'`).join(', ')})`)),
    check('alarm_answers_via_ck', sql`${t.via} IN ('app', 'mail')`),
  ],
);

/**
 * Controllers whose new readings the detectors have not seen yet, written in the ingest transaction
 * (docs/alarms.md "Pipeline"): a crash between commit and detection loses no alarm.
 */
export const alarmDirty = pgTable('alarm_dirty', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  /** The earliest reading time not yet analysed. */
  since: timestamp('since', { withTimezone: true }).notNull(),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Admin global settings (/a/variables), one row per key with a JSON value. */
export const globalSettings = pgTable('global_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Per controller: chosen notification types and the local alarm window (minutes after midnight). */
export const controllerAlarmSettings = pgTable('controller_alarm_settings', {
  controllerId: integer('controller_id')
    .primaryKey()
    .references(() => controllers.id, { onDelete: 'cascade' }),
  types: text('types')
    .array()
    .$type<NotificationType[]>()
    .notNull()
    .default(sql.raw(`'{${DEFAULT_NOTIFICATION_TYPES.join(',')}}'::text[]`)),
  alarmFromMinute: smallint('alarm_from_minute').notNull().default(DEFAULT_ALARM_FROM_MINUTE),
  alarmToMinute: smallint('alarm_to_minute').notNull().default(DEFAULT_ALARM_TO_MINUTE),
  /** When the SMS budget ran out and the owner was told (once); cleared by a reset. */
  budgetExhaustedAt: timestamp('budget_exhausted_at', { withTimezone: true }),
  /** Since when the battery is low (the battery alarm's key); cleared when it recovers. */
  batteryLowSince: timestamp('battery_low_since', { withTimezone: true }),
});
