import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { affiliations, users } from './users';

/** One load-cell group or sensor per channel as configured by the owner (docs/controllers.md, "Load-cell configuration"). */
export type ChannelConfig = {
  channel: number;
  kind: 'weight' | 'sensor' | 'none';
  cells?: 1 | 2 | 4;
  combinedWith?: number[];
};

/** A transmitter (docs/controllers.md). Created by an admin; registered (owned) by a beekeeper with IMSI+IMEI. */
export const controllers = pgTable(
  'controllers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    imsi: text('imsi').notNull().unique(),
    imei: text('imei'),
    /** Last IMEI a report carried that differs from `imei`, and when (docs/controllers.md "IMEI mismatch"). */
    reportedImei: text('reported_imei'),
    reportedImeiAt: timestamp('reported_imei_at', { withTimezone: true }),
    msisdn: text('msisdn'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** IANA zone derived from the location (Europe/Zurich when unknown): midnight and "today" follow it. */
    timeZone: text('time_zone').notNull().default('Europe/Zurich'),
    updateInterval: smallint('update_interval').notNull().default(3),
    regionPrimaryId: integer('region_primary_id'),
    regionSecondaryId: integer('region_secondary_id'),
    softwareVersion: text('software_version'),
    temperature: real('temperature'),
    voltage: real('voltage'),
    signal: smallint('signal'),
    lastUpdate: timestamp('last_update', { withTimezone: true }),
    lastReset: timestamp('last_reset', { withTimezone: true }),
    limitReset: timestamp('limit_reset', { withTimezone: true }),
    activationDate: timestamp('activation_date', { withTimezone: true }),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }).notNull(),
    remainingNotifications: integer('remaining_notifications').notNull().default(100),
    scaleGain: smallint('scale_gain').notNull().default(200),
    channelConfig: jsonb('channel_config')
      .$type<ChannelConfig[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    signalFilter: boolean('signal_filter').notNull().default(false),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    affiliationId: integer('affiliation_id').references(() => affiliations.id, { onDelete: 'set null' }),
    displayOnPublicMap: boolean('display_on_public_map').notNull().default(false),
    watchCode: text('watch_code').unique(),
    /** SHA-256 of the device token (the token itself is shown once at creation). */
    deviceTokenHash: text('device_token_hash').notNull().unique(),
    desiredFirmware: text('desired_firmware'),
    /** Readings received for channels without an active scale (stored raw, not shown as scale data). */
    unassignedReadings: integer('unassigned_readings').notNull().default(0),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('controllers_owner_idx').on(t.ownerId),
    index('controllers_affiliation_idx').on(t.affiliationId),
    // keyset pages of the admin lists read in (sort column, id) order (docs/api-conventions.md "Lists and pagination")
    index('controllers_name_id_idx').on(t.name, t.id),
    index('controllers_created_at_id_idx').on(t.createdAt, t.id),
    index('controllers_subscription_end_id_idx').on(t.subscriptionEnd, t.id),
  ],
);

export type ScaleState = 'active' | 'empty' | 'deactivated' | 'archived';

/** A scale or sensor mounted on a channel (docs/controllers.md, "Scales"). At most one non-archived scale per channel. */
export const scales = pgTable(
  'scales',
  {
    id: serial('id').primaryKey(),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<'weight' | 'sensor'>().notNull().default('weight'),
    visible: boolean('visible').notNull().default(true),
    isBrood: boolean('is_brood').notNull().default(false),
    emptyWeight: real('empty_weight').notNull().default(0),
    reserves: real('reserves').notNull().default(0),
    state: text('state').$type<ScaleState>().notNull().default('active'),
    /** The scale shows its channel's readings from this time on. */
    setupAt: timestamp('setup_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('scales_live_channel_uq')
      .on(t.controllerId, t.channel)
      .where(sql`${t.state} <> 'archived'`),
    index('scales_controller_idx').on(t.controllerId),
  ],
);

/** Read-only access to another user's controller through its watch code. */
export const watches = pgTable(
  'watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.controllerId] })],
);
