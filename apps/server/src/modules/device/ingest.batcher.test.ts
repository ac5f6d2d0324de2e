import { describe, expect, it } from 'vitest';
import type { IngestJob } from './device.repository';
import { createIngestBatcher } from './ingest.batcher';

const job = (controllerId: number, size = 2): IngestJob => ({
  controllerId,
  timeZone: 'UTC',
  rows: {
    channels: Array(size).fill(1),
    times: Array(size).fill(0),
    weights: [],
    temperatures: [],
    humidities: [],
  },
  status: { temperature: 0, voltage: 0, signal: 0, firmware: '1', imei: '1', resetAt: null, time: 0 },
});

describe('ingest batcher (group commit)', () => {
  it('runs alone when idle and combines what arrives while statements run', async () => {
    const calls: number[][] = [];
    const gates: Array<() => void> = [];
    const batcher = createIngestBatcher(
      (jobs) => {
        calls.push(jobs.map((j) => j.controllerId));
        return new Promise((resolve) => gates.push(() => resolve(jobs.map((j) => j.controllerId * 10))));
      },
      { maxInFlight: 1, maxRows: 100 },
    );
    const first = batcher.submit(job(1));
    const rest = [2, 3, 4].map((c) => batcher.submit(job(c)));
    expect(calls).toEqual([[1]]);
    gates.shift()?.();
    expect(await first).toBe(10);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toEqual([[1], [2, 3, 4]]);
    gates.shift()?.();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it('caps a statement at maxRows channel values', async () => {
    const calls: number[][] = [];
    let release: () => void = () => {};
    const blocker = new Promise<void>((r) => (release = r));
    const batcher = createIngestBatcher(
      async (jobs) => {
        calls.push(jobs.map((j) => j.controllerId));
        if (jobs[0]?.controllerId === 1) await blocker;
        return jobs.map(() => 1);
      },
      { maxInFlight: 1, maxRows: 5 },
    );
    const all = [
      batcher.submit(job(1)),
      batcher.submit(job(2)),
      batcher.submit(job(3)),
      batcher.submit(job(4, 9)),
    ];
    release();
    await Promise.all(all);
    expect(calls).toEqual([[1], [2, 3], [4]]);
  });

  it('retries the reports of a failed statement one by one, so only the bad one fails', async () => {
    let block: () => void = () => {};
    const blocked = new Promise<void>((r) => (block = r));
    const batcher = createIngestBatcher(
      async (jobs) => {
        if (jobs[0]?.controllerId === 1) await blocked;
        if (jobs.some((j) => j.controllerId === 66)) throw new Error('bad report');
        return jobs.map(() => 2);
      },
      { maxInFlight: 1, maxRows: 100 },
    );
    const first = batcher.submit(job(1));
    const good = batcher.submit(job(2));
    const bad = batcher.submit(job(66));
    block();
    expect(await first).toBe(2);
    expect(await good).toBe(2);
    await expect(bad).rejects.toThrow('bad report');
  });

  it('retries a deadlocked statement', async () => {
    let attempts = 0;
    const batcher = createIngestBatcher(async (jobs) => {
      if (++attempts < 3) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      return jobs.map(() => 7);
    });
    expect(await batcher.submit(job(1))).toBe(7);
    expect(attempts).toBe(3);
  });
});
