import { afterEach, describe, expect, it, vi } from 'vitest';
import { debouncedNudger } from './nudger';
import type { JobQueue } from './queue';

describe('debouncedNudger: a burst of reports costs one job insert per delay', () => {
  afterEach(() => vi.useRealTimers());

  it('nudges once for many calls within the delay, and again for calls after it', async () => {
    vi.useFakeTimers();
    const nudged: string[] = [];
    const queue: JobQueue = {
      send: () => Promise.resolve(),
      nudge: (name) => Promise.resolve(void nudged.push(name)),
    };
    const nudge = debouncedNudger(queue, 'forwarding-scan', 3_000, { error: () => undefined });
    for (let i = 0; i < 50; i++) nudge();
    expect(nudged).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(nudged).toEqual(['forwarding-scan']);
    nudge();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(nudged).toEqual(['forwarding-scan', 'forwarding-scan']);
  });

  it('logs a failed nudge instead of throwing into the ingest', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const queue: JobQueue = {
      send: () => Promise.resolve(),
      nudge: () => Promise.reject(new Error('db down')),
    };
    debouncedNudger(queue, 'alarm-detect', 200, { error: (obj: unknown) => void errors.push(obj) })();
    await vi.advanceTimersByTimeAsync(200);
    expect(errors).toEqual([{ queue: 'alarm-detect', reason: 'db down' }]);
  });
});
