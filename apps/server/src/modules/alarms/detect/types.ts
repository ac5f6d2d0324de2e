import type { AlarmSeen, GlobalSettings, WeightAlarmType } from '@hivescope/contract';

/** One weight reading of a scale: UTC ms and kg (null: the channel sent no weight). */
export type Sample = { t: number; w: number | null };

/** A swarm or disturbance alarm of the scale that the beekeeper answered "no" (docs/alarms.md "Answers"). */
export type Dismissal = { type: WeightAlarmType; time: number; delta: number };

/**
 * A scale's readings in time order, from its history start (`since`, docs/alarms.md "History"), and the alarms
 * of its recent weeks that the beekeeper answered "no" (calibration.ts).
 */
export type ScaleSeries = { scaleId: number; channel: number; samples: Sample[]; dismissed?: Dismissal[] };

/** The alarm types the weight detectors raise (the contract's list); the device alarms are elsewhere. */
export type { WeightAlarmType };

export type DetectInput = {
  /** Every weight scale of one controller that is not archived, each with its readings. */
  scales: ScaleSeries[];
  /** IANA zone of the controller: the alarm window is local time. */
  timeZone: string;
  /** Minutes after local midnight: swarm and activity alarms only when the reading's local time is inside. */
  alarmWindow: { fromMinute: number; toMinute: number };
  settings: GlobalSettings;
  /**
   * Time of the earliest reading this run brings (the pipeline loads from HISTORY_MS before it). Events more
   * than 20 hours older are left out: the run that brought their readings decided them with the full week
   * of history before them, while this run may see less of it. Absent: every event of the series.
   */
  newFrom?: number;
};

/**
 * One event. Its key is (scaleId, type, time): `time` must be the time of a reading and must not change when
 * later readings arrive (running the detector on a prefix of the series and again on the whole series gives
 * the same key for the same event), so a re-sent or later report never alarms twice.
 */
export type DetectedEvent = {
  scaleId: number;
  channel: number;
  type: WeightAlarmType;
  time: number;
  /** Weight change in kg (negative: loss). */
  delta: number;
  /** For a step found against the colony's rhythm (swarm, disturbance): what the alarm says it saw. */
  seen?: Seen;
};

/** What a swarm or disturbance alarm saw (the contract's AlarmSeen; measured in rhythm.ts). */
export type Seen = AlarmSeen;

export type Detector = (input: DetectInput) => DetectedEvent[];
