import type { RetryPolicy } from '../../background-jobs/job';

/**
 * Retries of the weather jobs (docs/weather.md "Jobs"). A WEATHER_UPDATE an admin started is watched: its
 * three tries end within about a minute and a half (retries after 15–30 s and 30–60 s), so a failure shows
 * as "failed" while the person still looks. Runs nobody watches — the nightly fetch and the backfill after a
 * location change — wait longer for a provider outage to pass: 5–10, 10–20 and 20–40 minutes.
 */
export const WEATHER_UPDATE_RETRY: RetryPolicy = { limit: 2, delaySeconds: 15, backoff: true };
export const WEATHER_RETRY: RetryPolicy = { limit: 3, delaySeconds: 300, backoff: true };
