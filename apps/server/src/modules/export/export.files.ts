import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_FILE_TTL_HOURS, type ExportFormat } from '@hivescope/contract';

const TTL_MS = EXPORT_FILE_TTL_HOURS * 3600_000;

/** Export job files live in DATA_DIR/exports, named by their job id (docs/export.md "Export jobs and their files"). */
export const exportDir = (dataDir: string) => path.join(dataDir, 'exports');
export const exportFile = (dataDir: string, jobId: string, format: ExportFormat) =>
  path.join(exportDir(dataDir), `${jobId}.${format}`);
/** Written under this name and renamed when complete, so a half-written file is never downloaded. */
export const partFile = (file: string) => `${file}.part`;

/** Whether a job that finished at `finishedAt` still has its file at `now`. */
export const exportExpired = (finishedAt: Date, now: Date) => now.getTime() - finishedAt.getTime() >= TTL_MS;

/**
 * Removes export files (and leftovers of interrupted runs) older than EXPORT_FILE_TTL_HOURS at `now`.
 * Returns the removed file names. Runs hourly (export-cleanup job); tests pass a later clock.
 */
export async function removeExpiredExports(dataDir: string, now: Date = new Date()): Promise<string[]> {
  const dir = exportDir(dataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && exportExpired(stat.mtime, now)) {
      await fs.promises.rm(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}
