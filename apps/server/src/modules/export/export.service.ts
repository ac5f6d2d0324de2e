import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { EXPORT_DIRECT_MAX_ROWS, type ExportQuery, type Job, type Locale } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import { toJob } from '../jobs/jobs.mapper';
import { jobRecord, recordQueueFailure, recordQueuedJob } from '../jobs/jobs.tracking';
import { exportExpired, exportFileStream } from './export.files';
import { EXPORT_JOB, exportPayloadSchema, type ExportPayload } from './export.job';
import { estimateRows, planExport, type ExportPlan } from './export.plan';
import { exportHeader, exportRows } from './export.rows';
import { CONTENT_TYPES, exportStream } from './export.writers';

/** `size` when known ahead (a stored job file), for Content-Length. */
export type ExportFile = { fileName: string; contentType: string; size?: number; stream: Readable };
export type ExportStart = ({ kind: 'file' } & ExportFile) | { kind: 'job'; job: Job };

function describe(plan: ExportPlan): string {
  const names = plan.scales.map((s) => s.scale.name).join(', ');
  return `${names} · ${plan.query.from} – ${plan.query.to} · ${plan.query.resolution} · ${plan.query.format.toUpperCase()}`;
}

async function queueExport(ctx: AppContext, auth: AuthContext, plan: ExportPlan): Promise<Job> {
  if (!ctx.queue) throw new AppError(503, 'errors:jobsUnavailable');
  const id = crypto.randomUUID();
  const payload: ExportPayload = exportPayloadSchema.parse({
    jobId: id,
    query: plan.query,
    locale: plan.locale,
    auth: {
      userId: auth.userId,
      admin: auth.admin,
      manager: auth.manager,
      role: auth.role,
      affiliationId: auth.affiliationId,
    },
  });
  const row = await recordQueuedJob(ctx.db, {
    id,
    type: 'EXPORT',
    description: describe(plan),
    ownerId: auth.userId,
    payload: { ...payload, fileName: plan.fileName },
  });
  try {
    await ctx.queue.send(EXPORT_JOB, payload, id);
  } catch (err) {
    await recordQueueFailure(ctx.db, id, err);
    throw new AppError(503, 'errors:jobsUnavailable');
  }
  return toJob(row);
}

/**
 * POST export (docs/export.md): checks access to every scale, then streams a small export at once or
 * queues a large one (more than EXPORT_DIRECT_MAX_ROWS estimated rows) as an EXPORT job.
 */
export async function startExport(
  ctx: AppContext,
  auth: AuthContext,
  query: ExportQuery,
  locale: Locale,
  onError: (err: unknown) => void,
): Promise<ExportStart> {
  const plan = await planExport(ctx, auth, query, locale);
  if (estimateRows(plan) > EXPORT_DIRECT_MAX_ROWS)
    return { kind: 'job', job: await queueExport(ctx, auth, plan) };
  const rows = exportRows(ctx.db, plan);
  return {
    kind: 'file',
    fileName: plan.fileName,
    contentType: CONTENT_TYPES[query.format],
    stream: exportStream(query.format, exportHeader(plan), rows, plan.fileName, onError),
  };
}

/**
 * GET export/files/{id}: a finished export job's file, for the person who started it only, until it
 * expires; anything else is 404 (no oracle for other people's jobs).
 */
export async function exportJobFile(
  ctx: AppContext,
  auth: AuthContext,
  jobId: string,
  now: Date = new Date(),
): Promise<ExportFile> {
  const job = await jobRecord(ctx.db, jobId);
  if (!job || job.type !== 'EXPORT' || job.ownerId !== auth.userId || job.status !== 'done') throw notFound();
  if (!job.finishedAt || exportExpired(job.finishedAt, now)) throw new AppError(404, 'errors:exportExpired');
  const payload = exportPayloadSchema.safeParse(job.payload);
  if (!payload.success) throw notFound();
  const { format } = payload.data.query;
  const stored = await exportFileStream(ctx.db, jobId);
  if (!stored) throw new AppError(404, 'errors:exportExpired');
  const fileName = typeof job.payload.fileName === 'string' ? job.payload.fileName : `export.${format}`;
  return { fileName, contentType: CONTENT_TYPES[format], size: stored.size, stream: stored.stream };
}
