import { z } from 'zod';

/**
 * Global settings of the weight alarms (/a/variables; docs/alarms.md "Detection rules"). Weights in kg, levels
 * in kg per day. A day's activity figure is the slow weight change over the 24 h before its first reading in
 * the alarm window, sudden steps (swarm, harvest, feeding, …) left out.
 */
export const globalSettingsSchema = z
  .object({
    /** Expected daily consumption (kg/day) added back to a day's figure before the levels are compared. */
    activityDrain: z.number({ message: 'errors:fieldRequired' }).min(0).max(5),
    /** A day's figure plus the drain at or above this (kg/day) is a strong flow: an activity alarm. */
    activityTriggerGainLevel: z.number({ message: 'errors:fieldRequired' }).min(0.1).max(50),
    /** A day's figure plus the drain at or below minus this (kg/day, positive number) is an unusual loss. */
    activityTriggerLossLevel: z.number({ message: 'errors:fieldRequired' }).min(0.1).max(50),
    /** After an activity alarm, the next of its kind once the weight moved this far (kg), within a week from Monday. */
    activityWeightDistance: z.number({ message: 'errors:fieldRequired' }).min(0).max(100),
    /** A single reading further than this (kg) from both neighbours while they agree is a spike: ignored. */
    averageWeightMaxDelta: z.number({ message: 'errors:fieldRequired' }).min(1).max(500),
    /**
     * Below this (kg) no hive is on the scale: one 0 kg reading is a drop-out (ignored), an hour or more a
     * removal alarm, less a disturbance (lifted off); nothing below it is a weight to compare.
     */
    averageWeightMinMass: z.number({ message: 'errors:fieldRequired' }).min(0).max(200),
  })
  .strict();
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

export const DEFAULT_GLOBAL_SETTINGS: GlobalSettings = {
  activityDrain: 0.3,
  activityTriggerGainLevel: 2,
  activityTriggerLossLevel: 1.5,
  activityWeightDistance: 3,
  averageWeightMaxDelta: 40,
  averageWeightMinMass: 5,
};
