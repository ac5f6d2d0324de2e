import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './queue';

/**
 * One nudge of a stately queue per `delayMs` at most, however many calls came in meanwhile: the device ingest
 * calls this after every commit, and a burst of reports must cost one job insert, not one per report
 * (ingest throughput, bench/README.md). Without a queue (API tests) it does nothing; the queue's own schedule
 * picks the work up.
 */
export function debouncedNudger(
  queue: JobQueue | undefined,
  name: string,
  delayMs: number,
  log: Pick<FastifyBaseLogger, 'error'>,
): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    if (!queue || timer) return;
    timer = setTimeout(() => {
      timer = null;
      queue.nudge(name).catch((err: unknown) => {
        log.error(
          { queue: name, reason: err instanceof Error ? err.message : String(err) },
          'job nudge failed',
        );
      });
    }, delayMs);
    timer.unref();
  };
}
