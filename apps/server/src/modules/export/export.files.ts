import { Readable, Writable } from 'node:stream';
import { EXPORT_FILE_TTL_HOURS } from '@hivescope/contract';
import type { Db } from '../../db/client';
import { chunker } from '../../lib/chunker';
import {
  findExportFile,
  openExportFile,
  readExportChunk,
  removeExportFilesBefore,
  type ExportFileWriter,
} from './export.repository';

const TTL_MS = EXPORT_FILE_TTL_HOURS * 3600_000;
/** Bytes per stored chunk: a download holds about one chunk in memory (docs/export.md). */
const EXPORT_CHUNK_BYTES = 1024 * 1024;

/** Whether a job that finished at `finishedAt` still has its file at `now`. */
export const exportExpired = (finishedAt: Date, now: Date) => now.getTime() - finishedAt.getTime() >= TTL_MS;

/**
 * A stream that stores what is written to it as the file of job `jobId`, in PostgreSQL (docs/export.md
 * "Export jobs and their files"): the file counts once the stream finished; `discard` removes a failed one.
 */
export async function exportFileSink(
  db: Db,
  jobId: string,
): Promise<{ out: Writable; discard: () => Promise<void> }> {
  const file: ExportFileWriter = await openExportFile(db, jobId);
  const cut = chunker(EXPORT_CHUNK_BYTES);
  const out = new Writable({
    write(buf: Buffer, _encoding, done) {
      (async () => {
        for (const chunk of cut.push(buf)) await file.write(chunk);
      })().then(() => done(), done);
    },
    final(done) {
      (async () => {
        const rest = cut.flush();
        if (rest) await file.write(rest);
        await file.complete();
      })().then(() => done(), done);
    },
  });
  return { out, discard: file.discard };
}

/** The stored file of job `jobId` as a stream, read a chunk at a time; null when there is none (or not yet). */
export async function exportFileStream(
  db: Db,
  jobId: string,
): Promise<{ size: number; stream: Readable } | null> {
  const file = await findExportFile(db, jobId);
  if (!file) return null;
  async function* bytes() {
    for (let seq = 0; seq < file!.chunks; seq++) {
      const chunk = await readExportChunk(db, jobId, seq);
      // removed by the cleanup while being read: end with an error, not a silently short file
      if (!chunk) throw new Error(`export file ${jobId} was removed while being downloaded`);
      yield chunk;
    }
  }
  return { size: file.size, stream: Readable.from(bytes(), { objectMode: false }) };
}

/**
 * Removes export files older than EXPORT_FILE_TTL_HOURS at `now` (and leftovers of interrupted runs).
 * Returns their job ids. Runs hourly (export-cleanup job); tests pass a later clock.
 */
export const removeExpiredExports = (db: Db, now: Date = new Date()) =>
  removeExportFilesBefore(db, new Date(now.getTime() - TTL_MS));
