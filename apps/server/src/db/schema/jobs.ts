import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { JobStatus, JobType } from '@hivescope/contract';
import { users } from './users';

/**
 * The jobs people see (settings tab Jobs, /a/jobs; docs/weather.md "Jobs"). pg-boss carries the work; this
 * row is its readable record, with the same id as the pg-boss job, updated by the handler at each attempt
 * (progress, last error). pg-boss's own tables are internal to it and change between its versions.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey(),
    type: text('type').$type<JobType>().notNull(),
    description: text('description').notNull().default(''),
    /** Who started it; null for scheduled jobs and for jobs the system queued. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    payload: jsonb('payload')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    /** Tries in all (1 + retries of its pg-boss job), written when a try starts. */
    maxAttempts: smallint('max_attempts').notNull().default(1),
    /** While a retry waits (status retrying): the earliest time of the next try. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_owner_idx').on(t.ownerId, t.createdAt), index('jobs_created_idx').on(t.createdAt)],
);
