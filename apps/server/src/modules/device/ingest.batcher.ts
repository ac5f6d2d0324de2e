import type { IngestJob } from './device.repository';

/** PostgreSQL errors worth another try: deadlock (concurrent reports of one controller), serialization. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 3;

export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (attempt >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE.has(code)) throw err;
    }
  }
}

type Pending = {
  job: IngestJob;
  size: number;
  resolve: (accepted: number) => void;
  reject: (err: unknown) => void;
};

export type BatcherOptions = {
  /** Statements running at once; reports arriving meanwhile wait and go together in the next one. */
  maxInFlight: number;
  /** Channel values per statement (a single larger report still goes alone). */
  maxRows: number;
};

export const DEFAULT_BATCHER: BatcherOptions = { maxInFlight: 2, maxRows: 16_000 };

/**
 * Group commit: while `maxInFlight` ingest statements are running, newly submitted reports queue up and the
 * next free slot stores all of them in ONE statement (one round trip, one commit, one WAL flush). With little
 * traffic every report runs at once, alone. Each submitter's promise resolves after the COMMIT that stored its
 * report, with its own count of new channel values. If a combined statement fails, its reports are retried
 * one by one, so one bad report cannot fail the others.
 */
export function createIngestBatcher(
  run: (jobs: IngestJob[]) => Promise<number[]>,
  opts: BatcherOptions = DEFAULT_BATCHER,
) {
  const queue: Pending[] = [];
  let inFlight = 0;

  async function execute(batch: Pending[]) {
    try {
      const accepted = await withRetry(() => run(batch.map((p) => p.job)));
      batch.forEach((p, i) => p.resolve(accepted[i] ?? 0));
    } catch (err) {
      if (batch.length === 1) return batch[0]?.reject(err);
      for (const p of batch) {
        try {
          const [accepted] = await withRetry(() => run([p.job]));
          p.resolve(accepted ?? 0);
        } catch (one) {
          p.reject(one);
        }
      }
    }
  }

  function pump() {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch: Pending[] = [];
      let rows = 0;
      for (
        let next = queue[0];
        next && (batch.length === 0 || rows + next.size <= opts.maxRows);
        next = queue[0]
      ) {
        batch.push(next);
        rows += next.size;
        queue.shift();
      }
      inFlight++;
      void execute(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    /** Stores one report; resolves with its number of new channel values once committed. */
    submit(job: IngestJob): Promise<number> {
      return new Promise<number>((resolve, reject) => {
        queue.push({ job, size: job.rows.channels.length, resolve, reject });
        pump();
      });
    },
  };
}
