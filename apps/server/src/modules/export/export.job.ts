import { z } from 'zod';
import { exportRequestSchema, LOCALES } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../background-jobs/job';
import { tracked } from '../jobs/jobs.tracking';
import { exportFileSink, removeExpiredExports } from './export.files';
import { planExport } from './export.plan';
import { exportHeader, exportRows, windowCount } from './export.rows';
import { writeCsv, writeXlsx } from './export.writers';

export const EXPORT_JOB = 'export';
export const EXPORT_CLEANUP_JOB = 'export-cleanup';
/** Hourly, off the full hour: a file lives at most one hour beyond its 24 h. */
export const EXPORT_CLEANUP_CRON = '23 * * * *';

/** What an EXPORT job carries: its own id (the file's name), the request, and who asked (access is checked again). */
export const exportPayloadSchema = z.object({
  jobId: z.uuid(),
  query: exportRequestSchema,
  locale: z.enum(LOCALES),
  auth: z.object({
    userId: z.number().int(),
    admin: z.boolean(),
    manager: z.boolean(),
    role: z.number().int(),
    affiliationId: z.number().int().nullable(),
  }),
});
export type ExportPayload = z.infer<typeof exportPayloadSchema>;

/** Writes the export's file into PostgreSQL (every app server serves it), reporting progress per window read. */
export async function runExport(
  ctx: AppContext,
  payload: ExportPayload,
  progress: (pct: number) => Promise<void>,
) {
  const auth = { ...payload.auth, sessionId: 'job', email: '', locale: payload.locale };
  const plan = await planExport(ctx, auth, payload.query, payload.locale);
  const total = windowCount(plan);
  const rows = exportRows(ctx.db, plan, (done) => progress((done / total) * 99));
  const { out, discard } = await exportFileSink(ctx.db, payload.jobId);
  try {
    if (plan.query.format === 'csv') await writeCsv(exportHeader(plan), rows, out);
    else {
      await writeXlsx(exportHeader(plan), rows, out, plan.fileName);
      await new Promise<void>((resolve, reject) => {
        if (out.writableFinished) resolve();
        else out.once('finish', resolve).once('error', reject);
      });
    }
  } catch (err) {
    out.destroy();
    await discard();
    throw err;
  }
}

/** EXPORT: one job per large export (docs/export.md); no retry — the person starts it again. */
export function exportJob(ctx: AppContext): JobDefinition<ExportPayload> {
  return {
    name: EXPORT_JOB,
    payload: exportPayloadSchema,
    policy: 'standard',
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    run: tracked(ctx.db, 'EXPORT', (payload, progress) => runExport(ctx, payload, progress)),
  };
}

const cleanupPayload = z.object({}).strict();

/** Removes export files after EXPORT_FILE_TTL_HOURS (hourly, and once at start). */
export function exportCleanupJob(db: Db): JobDefinition<z.infer<typeof cleanupPayload>> {
  return {
    name: EXPORT_CLEANUP_JOB,
    payload: cleanupPayload,
    schedule: { cron: EXPORT_CLEANUP_CRON, payload: {} },
    runAtStart: true,
    run: async () => void (await removeExpiredExports(db)),
  };
}
