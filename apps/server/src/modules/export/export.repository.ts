import type { Db } from '../../db/client';

/** SQL of the export files (docs/export.md "Export jobs and their files"). */

/** Writes one export file chunk by chunk; nothing is served before `complete`, `discard` removes it all. */
export type ExportFileWriter = {
  write: (chunk: Buffer) => Promise<void>;
  complete: () => Promise<void>;
  discard: () => Promise<void>;
};

/**
 * Opens the file of job `jobId`, replacing what an earlier, interrupted run of the job left. Each chunk is
 * its own statement (no transaction held open for the minutes a large export takes).
 */
export async function openExportFile(db: Db, jobId: string): Promise<ExportFileWriter> {
  await db.$client.query('DELETE FROM export_files WHERE job_id = $1', [jobId]);
  await db.$client.query('INSERT INTO export_files (job_id) VALUES ($1)', [jobId]);
  let seq = 0;
  let size = 0;
  return {
    write: async (chunk) => {
      await db.$client.query('INSERT INTO export_chunks (job_id, seq, data) VALUES ($1, $2, $3)', [
        jobId,
        seq++,
        chunk,
      ]);
      size += chunk.length;
    },
    complete: async () => {
      await db.$client.query('UPDATE export_files SET completed_at = now(), size = $2 WHERE job_id = $1', [
        jobId,
        size,
      ]);
    },
    discard: async () => {
      await db.$client.query('DELETE FROM export_files WHERE job_id = $1', [jobId]);
    },
  };
}

type StoredExportFile = { size: number; chunks: number; completedAt: Date };

/** A completed export file's size and chunk count; undefined while it is written, or when it is gone. */
export async function findExportFile(db: Db, jobId: string): Promise<StoredExportFile | undefined> {
  const res = await db.$client.query<StoredExportFile>(
    `SELECT f.size, f.completed_at AS "completedAt",
            (SELECT count(*)::int FROM export_chunks c WHERE c.job_id = f.job_id) AS chunks
       FROM export_files f WHERE f.job_id = $1 AND f.completed_at IS NOT NULL`,
    [jobId],
  );
  return res.rows[0];
}

/** Chunk `seq` of a file, or undefined when the file was removed meanwhile. */
export async function readExportChunk(db: Db, jobId: string, seq: number): Promise<Buffer | undefined> {
  const res = await db.$client.query<{ data: Buffer }>({
    name: 'export-chunk-v1',
    text: 'SELECT data FROM export_chunks WHERE job_id = $1 AND seq = $2',
    values: [jobId, seq],
  });
  return res.rows[0]?.data;
}

/**
 * Removes the files completed at or before `cutoff`, and those whose writing started then and never
 * completed (a worker stopped mid-export). Returns their job ids.
 */
export async function removeExportFilesBefore(db: Db, cutoff: Date): Promise<string[]> {
  const res = await db.$client.query<{ jobId: string }>(
    `DELETE FROM export_files WHERE coalesce(completed_at, created_at) <= $1 RETURNING job_id AS "jobId"`,
    [cutoff],
  );
  return res.rows.map((r) => r.jobId);
}
