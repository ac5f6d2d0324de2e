import type { Job, JobCreate } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { forbidden } from '../../http/errors';
import { startWeatherUpdate } from '../weather/weather.service';
import { toJob } from './jobs.mapper';
import { listJobs } from './jobs.repository';

/** GET jobs: the caller's own jobs, newest first. */
export async function ownJobs(ctx: AppContext, auth: AuthContext): Promise<Job[]> {
  return (await listJobs(ctx.db, auth.userId)).map(toJob);
}

/** GET admin/jobs: everyone's, including scheduled runs (no owner). */
export async function allJobs(ctx: AppContext): Promise<Job[]> {
  return (await listJobs(ctx.db)).map(toJob);
}

/** POST jobs: a type plus its fields. WEATHER_UPDATE is for admins (it spends the provider's quota). */
export function startJob(ctx: AppContext, auth: AuthContext, body: JobCreate): Promise<Job> {
  switch (body.type) {
    case 'WEATHER_UPDATE':
      if (!auth.admin) throw forbidden();
      return startWeatherUpdate(ctx, auth.userId, body);
  }
}
