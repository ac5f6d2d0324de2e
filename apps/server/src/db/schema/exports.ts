import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns';

/**
 * The file of an export job (docs/export.md "Export jobs and their files"), in PostgreSQL so that every app
 * server serves it, whichever server's worker wrote it. Keyed by the job's id; `completed_at` is set once
 * the last chunk is stored, so a half-written file is never served. Removed EXPORT_FILE_TTL_HOURS after it
 * was completed (an interrupted one after as long from its start) by the export-cleanup job.
 */
export const exportFiles = pgTable(
  'export_files',
  {
    jobId: uuid('job_id').primaryKey(),
    size: integer('size').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('export_files_created_idx').on(t.createdAt)],
);

/** The bytes of an export file: chunk `seq` (0, 1, …) in the order written. */
export const exportChunks = pgTable(
  'export_chunks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => exportFiles.jobId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
