import { z } from 'zod';
import { MIN_CHART_START } from './constants';
import { listQuerySchema, pageSchema } from './list';

/**
 * Background jobs people can see (settings tab Jobs, /a/jobs; docs/weather.md "Jobs"). WEATHER_NIGHTLY is
 * started by the schedule only; WEATHER_UPDATE (a backfill for one controller) also by an admin; EXPORT by
 * POST export when an export is too large to download at once (docs/export.md).
 */
export const JOB_TYPES = ['WEATHER_UPDATE', 'WEATHER_NIGHTLY', 'EXPORT'] as const;
export const jobTypeSchema = z.enum(JOB_TYPES);
export type JobType = z.infer<typeof jobTypeSchema>;

/**
 * queued → running → done; a failed try that will be tried again is `retrying` (with its error and the time
 * of the next try), the last failed try `failed`.
 */
export const JOB_STATUSES = ['queued', 'running', 'retrying', 'done', 'failed'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** Longest WEATHER_UPDATE range (days): about ten years, the product's whole history. */
export const WEATHER_UPDATE_MAX_DAYS = 3700;

/**
 * One row of GET jobs / GET admin/jobs. `error` is the last failure, also while a retry is waiting;
 * `attempts` the tries started so far of `maxAttempts` (known once the first try started, 1 before);
 * `nextAttemptAt` while `retrying`: the earliest time of the next try (the job queue adds up to as much again
 * as jitter when it backs off), else null.
 */
export const jobSchema = z.object({
  id: z.string(),
  type: jobTypeSchema,
  /** Names and dates only (no words), so it reads the same in every language. */
  description: z.string(),
  ownerId: z.number().int().nullable(),
  status: jobStatusSchema,
  progress: z.number().int().min(0).max(100),
  attempts: z.number().int().min(0),
  maxAttempts: z.number().int().min(1),
  nextAttemptAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** Sorts of GET jobs and GET admin/jobs (docs/api-conventions.md "Lists and pagination"). */
export const JOB_LIST_SORTS = ['createdAt'] as const;
export type JobListSort = (typeof JOB_LIST_SORTS)[number];

/**
 * GET jobs / GET admin/jobs: a page, newest first unless `order=asc`; searched in the description (for
 * admins also the owner's id), filtered by type and status; `id` answers that one job (a page of 0 or 1),
 * so a client following its job finds it however many newer ones there are.
 */
export const jobsQuerySchema = listQuerySchema(JOB_LIST_SORTS, { order: 'desc' })
  .extend({
    type: jobTypeSchema.optional(),
    status: jobStatusSchema.optional(),
    id: z.uuid().optional(),
  })
  .strict();
export type JobsQuery = z.infer<typeof jobsQuerySchema>;
export const jobPageSchema = pageSchema(jobSchema);
export type JobPage = z.infer<typeof jobPageSchema>;

const isoDay = z.iso
  .date({ message: 'errors:invalidDate' })
  .refine((d) => d >= MIN_CHART_START.slice(0, 10), {
    message: 'errors:invalidDate',
  });

/** POST jobs { type: "WEATHER_UPDATE", controllerId, from, to } — days (YYYY-MM-DD, UTC), both included. */
export const weatherUpdateJobSchema = z
  .object({
    type: z.literal('WEATHER_UPDATE'),
    controllerId: z.number({ message: 'errors:fieldRequired' }).int().positive().max(2_147_483_647),
    from: isoDay,
    to: isoDay,
  })
  .strict()
  .refine((j) => j.from <= j.to, { message: 'errors:invalidDateRange', path: ['to'] })
  .refine((j) => (Date.parse(j.to) - Date.parse(j.from)) / 86_400_000 <= WEATHER_UPDATE_MAX_DAYS, {
    message: 'errors:invalidDateRange',
    path: ['to'],
  });

/** The body of POST jobs: a type plus its fields. Only WEATHER_UPDATE can be started by hand. */
export const jobCreateSchema = z.discriminatedUnion('type', [weatherUpdateJobSchema], {
  message: 'errors:unknownJobType',
});
export type JobCreate = z.infer<typeof jobCreateSchema>;

export const jobCreateResponseSchema = z.object({ message: z.string(), job: jobSchema });
