import type { Job } from '@hivescope/contract';
import type { JobRow } from './jobs.repository';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    description: row.description,
    ownerId: row.ownerId,
    status: row.status,
    progress: row.progress,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}
