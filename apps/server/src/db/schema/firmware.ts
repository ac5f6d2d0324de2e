import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { controllers } from './controllers';
import { users } from './users';

/**
 * A firmware image (docs/firmware.md). The bytes live in `firmware_chunks` (in PostgreSQL, so every app
 * instance serves every image), in pieces of `chunk_size` bytes: a range request of a transmitter reads only
 * the chunks it needs, and no request holds a whole image in memory.
 */
export const firmwareImages = pgTable('firmware_images', {
  id: serial('id').primaryKey(),
  version: text('version').notNull().unique(),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  /** lowercase hex SHA-256 of the image: the offer's checksum and the download's ETag */
  sha256: text('sha256').notNull(),
  chunkSize: integer('chunk_size').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
});

/** The bytes of an image: chunk `seq` (0, 1, …) holds bytes seq × chunk_size … of the image. */
export const firmwareChunks = pgTable(
  'firmware_chunks',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => firmwareImages.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.seq] })],
);

export type FirmwareRolloutStatus = 'running' | 'paused' | 'completed' | 'cancelled';
export type FirmwareMemberState = 'waiting' | 'offered' | 'updated' | 'failed';

/** A staged roll-out of one version to chosen controllers (docs/firmware.md "Staged roll-out"). */
export const firmwareRollouts = pgTable(
  'firmware_rollouts',
  {
    id: serial('id').primaryKey(),
    version: text('version').notNull(),
    status: text('status').$type<FirmwareRolloutStatus>().notNull().default('running'),
    /** 1 until the admin continues to the rest, then 2 */
    stage: smallint('stage').notNull().default(1),
    firstStagePercent: smallint('first_stage_percent').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** why it paused last: 'silent' | 'fellBack' | 'manual' (null while never paused or after a resume) */
    pausedKind: text('paused_kind').$type<'silent' | 'fellBack' | 'manual'>(),
    pausedControllerId: integer('paused_controller_id').references(() => controllers.id, {
      onDelete: 'set null',
    }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
  },
  (t) => [index('firmware_rollouts_status_idx').on(t.status)],
);

/**
 * A controller of a roll-out. `active` is true while the roll-out runs or is paused: a controller is in at
 * most one active roll-out (unique index), and the device lookup joins the active row to notice an update
 * or a fall-back at once (docs/firmware.md).
 */
export const firmwareRolloutControllers = pgTable(
  'firmware_rollout_controllers',
  {
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => firmwareRollouts.id, { onDelete: 'cascade' }),
    controllerId: integer('controller_id')
      .notNull()
      .references(() => controllers.id, { onDelete: 'cascade' }),
    /** place in the admin's selection: the first stage is the first first_stage_percent % */
    position: integer('position').notNull(),
    stage: smallint('stage').notNull(),
    state: text('state').$type<FirmwareMemberState>().notNull().default('waiting'),
    active: boolean('active').notNull().default(true),
    /** the version it ran and the desired version it had when the roll-out began (restored on cancel) */
    fromVersion: text('from_version'),
    previousDesired: text('previous_desired'),
    failure: text('failure').$type<'silent' | 'fellBack'>(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.controllerId] }),
    uniqueIndex('firmware_rollout_controllers_active_uq')
      .on(t.controllerId)
      .where(sql`${t.active}`),
  ],
);
