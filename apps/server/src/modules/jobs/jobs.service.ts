import type { Job, JobCreate, JobPage, JobsQuery } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import { startWeatherUpdate } from '../weather/weather.service';
import { toJob } from './jobs.mapper';
import { jobSortType, listJobPage } from './jobs.repository';

/** A page of one person's jobs or (ownerId undefined) everyone's (docs/api-conventions.md "Lists and pagination"). */
async function jobPage(ctx: AppContext, query: JobsQuery, ownerId: number | undefined): Promise<JobPage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, jobSortType(query.sort), 'uuid');
  const rows = await listJobPage(ctx.db, { ...query, ownerId, cursor, words: searchWords(query.q) });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  return { items: page.rows.map(toJob), nextCursor: page.nextCursor };
}

/** GET jobs: a page of the caller's own jobs, newest first by default. */
export function ownJobs(ctx: AppContext, auth: AuthContext, query: JobsQuery): Promise<JobPage> {
  return jobPage(ctx, query, auth.userId);
}

/** GET admin/jobs: a page of everyone's, including scheduled runs (no owner). */
export function allJobs(ctx: AppContext, query: JobsQuery): Promise<JobPage> {
  return jobPage(ctx, query, undefined);
}

/** POST jobs: a type plus its fields. WEATHER_UPDATE is for admins (it spends the provider's quota). */
export function startJob(ctx: AppContext, auth: AuthContext, body: JobCreate): Promise<Job> {
  switch (body.type) {
    case 'WEATHER_UPDATE':
      if (!auth.admin) throw forbidden();
      return startWeatherUpdate(ctx, auth.userId, body);
  }
}
