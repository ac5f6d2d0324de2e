/** Thresholds of the weight detectors (docs/alarms.md "Detection rules"); the tunable ones are global settings. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Readings half an hour apart or more: a swarm and an hour of the bees' departure fall into the same change
 * (docs/alarms.md "Swarm", `profile.ts`).
 */
export const HOURLY_STEP_MS = 30 * MINUTE_MS;

/** A step must reach this size (kg, after the trend is taken out) before it is looked at. */
export const TRIGGER_KG = 0.5;

/** A lasting loss of this much (kg) and up to SWARM_MAX_KG within an hour is a swarm. */
export const SWARM_MIN_KG = 0.7;
/** Swarms weigh up to about 4 kg; a larger lasting loss is supers or the hive taken (disturbance). */
export const SWARM_MAX_KG = 4.6;

/**
 * At night (local time, NIGHT_FROM_MINUTE → NIGHT_TO_MINUTE) no beekeeper works: a sudden change of this much
 * (kg) is a disturbance.
 */
export const NIGHT_CHANGE_KG = 2;
export const NIGHT_FROM_MINUTE = 23 * 60;
export const NIGHT_TO_MINUTE = 5 * 60;

/** An inspection puts the hive back within the hour: a loss still there after this is lasting. */
export const RETURN_MS = HOUR_MS;

/** Near nothing on the scale for this long is a removal; shorter (two readings or more) is a lift. */
export const REMOVAL_CONFIRM_MS = HOUR_MS;

/** How far back the detectors compare (days); the pipeline loads HISTORY_MS before the new readings. */
export const LOOKBACK_DAYS = 6;

/**
 * The readings a run must see before its first new reading (docs/alarms.md "Stable keys and delays"). A
 * day's activity alarm depends on the alarms of its week before it, which leave out the steps found from
 * the week's Monday less 41 hours (scale-events.ts `weekOf`), up to 8.7 days before a Sunday's report; each
 * of those steps is judged against the LOOKBACK_DAYS days before it, and a reading's glitch test looks as
 * far back. With 8 days a late-week report judged an early-week step on less history than one run over the
 * whole series, and its activity alarm could differ (one in the tuning apiaries' replay); 16 days hold it all.
 */
export const HISTORY_MS = 16 * DAY_MS;

/**
 * Events older than this before the first new reading are left to the run that brought their readings,
 * so that the history a decision looks back on (LOOKBACK_DAYS + 1 day) is always loaded.
 */
export const EMIT_BEFORE_NEW_MS = 20 * HOUR_MS;
