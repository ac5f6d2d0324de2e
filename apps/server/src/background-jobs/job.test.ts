import { describe, expect, it } from 'vitest';
import { jobMeta, retryWait, worstRetrySpan } from './job';

describe('retry waits as pg-boss schedules them (its failJobs: delay × 2^(try−1) × (1 + random))', () => {
  it('waits the delay each time without backoff', () => {
    const fixed = { limit: 2, delaySeconds: 60, backoff: false };
    expect(retryWait(fixed, 1)).toEqual({ min: 60, max: 60 });
    expect(retryWait(fixed, 2)).toEqual({ min: 60, max: 60 });
    expect(worstRetrySpan(fixed)).toBe(120);
  });

  it('doubles the delay with backoff, plus up to as much again of jitter', () => {
    const backoff = { limit: 3, delaySeconds: 300, backoff: true };
    expect([1, 2, 3].map((a) => retryWait(backoff, a))).toEqual([
      { min: 300, max: 600 },
      { min: 600, max: 1200 },
      { min: 1200, max: 2400 },
    ]);
    expect(worstRetrySpan(backoff)).toBe(4200);
  });
});

describe('a run’s place among its tries', () => {
  const tries = { retryLimit: 2, retryDelay: 15, retryBackoff: true };

  it('counts tries from 1 of 1 + retries, with the shortest wait before the next', () => {
    expect(jobMeta('a', { ...tries, retryCount: 0 })).toEqual({
      id: 'a',
      attempt: 1,
      maxAttempts: 3,
      lastAttempt: false,
      retryAfterSeconds: 15,
    });
    expect(jobMeta('a', { ...tries, retryCount: 1 })).toMatchObject({ attempt: 2, retryAfterSeconds: 30 });
  });

  it('has no next try after the last', () => {
    expect(jobMeta('a', { ...tries, retryCount: 2 })).toMatchObject({
      attempt: 3,
      lastAttempt: true,
      retryAfterSeconds: null,
    });
    expect(jobMeta('b', { retryCount: 0, retryLimit: 0, retryDelay: 0, retryBackoff: false })).toMatchObject({
      maxAttempts: 1,
      lastAttempt: true,
    });
  });
});
