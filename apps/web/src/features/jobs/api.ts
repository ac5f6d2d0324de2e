import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  EXPORT_FILE_TTL_HOURS,
  exportFilePath,
  jobCreateResponseSchema,
  jobPageSchema,
  type Job,
  type JobCreate,
  type JobListSort,
  type JobPage,
  type JobStatus,
  type JobType,
  type ListParams,
} from '@hivescope/contract';
import { buildUrl, get, post } from '../../lib/api';
import { usePagedList } from '../../lib/pages';

/** Search, sort and filters of a jobs table (docs/api-conventions.md "Lists and pagination"). */
export type JobListQuery = Omit<ListParams<JobListSort>, 'cursor' | 'limit'> & {
  type?: JobType;
  status?: JobStatus;
};
/** Whose jobs: the caller's own (GET jobs, settings tab) or everyone's (GET admin/jobs, /a/jobs). */
export type JobScope = 'own' | 'all';

export const jobKeys = {
  own: ['jobs'] as const,
  all: ['admin', 'jobs'] as const,
  list: (scope: JobScope, params: JobListQuery) =>
    [...(scope === 'own' ? jobKeys.own : jobKeys.all), 'list', params] as const,
};

/** While a job is queued, running or waiting for a retry the lists refresh every 2 s, otherwise not at all. */
const POLL_MS = 2000;
const active = (jobs: Job[]) =>
  jobs.some((j) => j.status === 'queued' || j.status === 'running' || j.status === 'retrying');

/** GET jobs / GET admin/jobs → one page, newest first unless sorted otherwise. */
export async function fetchJobs(
  scope: JobScope,
  params: JobListQuery & { cursor?: string; id?: string },
): Promise<JobPage> {
  const path = scope === 'own' ? 'jobs' : 'admin/jobs';
  return jobPageSchema.parse(await get<unknown>(path, { query: params }));
}

/** The pages loaded so far of one's own or everyone's jobs, read again every 2 s while one is active. */
export function useJobs(scope: JobScope, params: JobListQuery) {
  return usePagedList(
    jobKeys.list(scope, params),
    (cursor) => fetchJobs(scope, { ...params, cursor }),
    true,
    (rows) => (active(rows) ? POLL_MS : false),
  );
}

/** POST jobs (type plus fields); refreshes both lists. */
export function useStartJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: JobCreate) => jobCreateResponseSchema.parse(await post<unknown>('jobs', body)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: jobKeys.own });
      void client.invalidateQueries({ queryKey: jobKeys.all });
    },
  });
}

/** The download URL of a finished export job while its file is kept, else null. */
export function exportDownloadUrl(job: Job, now: Date): string | null {
  if (job.type !== 'EXPORT' || job.status !== 'done' || !job.finishedAt) return null;
  const age = now.getTime() - Date.parse(job.finishedAt);
  return age < EXPORT_FILE_TTL_HOURS * 3600_000 ? buildUrl(exportFilePath(job.id)) : null;
}
