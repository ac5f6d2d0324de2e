import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPORT_FILE_TTL_HOURS,
  exportFilePath,
  jobCreateResponseSchema,
  jobListSchema,
  type Job,
  type JobCreate,
} from '@hivescope/contract';
import { buildUrl, get, post } from '../../lib/api';

export const jobKeys = {
  own: ['jobs'] as const,
  all: ['admin', 'jobs'] as const,
};

/** While a job is queued, running or waiting for a retry the lists refresh every 2 s, otherwise not at all. */
const POLL_MS = 2000;
const active = (jobs: Job[] | undefined) =>
  jobs?.some((j) => j.status === 'queued' || j.status === 'running' || j.status === 'retrying');
const poll = (q: { state: { data?: Job[] } }) => (active(q.state.data) ? POLL_MS : false);

/** GET jobs: the caller's own jobs, newest first. */
export function useOwnJobs() {
  return useQuery({
    queryKey: jobKeys.own,
    queryFn: async () => jobListSchema.parse(await get<unknown>('jobs')),
    refetchInterval: poll,
  });
}

/** GET admin/jobs: everyone's jobs (admins). */
export function useAllJobs() {
  return useQuery({
    queryKey: jobKeys.all,
    queryFn: async () => jobListSchema.parse(await get<unknown>('admin/jobs')),
    refetchInterval: poll,
  });
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
