import { describe, expect, it } from 'vitest';
import { retryWait, worstRetrySpan } from '../../background-jobs/job';
import { WEATHER_RETRY, WEATHER_UPDATE_RETRY } from './weather.retry';

describe('weather job retries (docs/weather.md "Jobs")', () => {
  it('gives a WEATHER_UPDATE somebody watches three tries within two minutes, even with the worst jitter', () => {
    expect(WEATHER_UPDATE_RETRY.limit + 1).toBe(3);
    expect(worstRetrySpan(WEATHER_UPDATE_RETRY)).toBeLessThanOrEqual(120);
    expect(retryWait(WEATHER_UPDATE_RETRY, 1).min).toBeGreaterThanOrEqual(10);
  });

  it('lets the nightly run and the automatic backfill wait minutes for an outage to pass', () => {
    expect(WEATHER_RETRY.limit + 1).toBe(4);
    expect(retryWait(WEATHER_RETRY, 1).min).toBe(300);
    expect(worstRetrySpan(WEATHER_RETRY)).toBeLessThanOrEqual(90 * 60);
  });
});
