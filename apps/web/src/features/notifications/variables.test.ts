import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS } from '@hivescope/contract';
import { toGlobalSettings, validateVariables, VARIABLES } from './variables';

const t = { required: 'required', range: (min: number, max: number) => `from ${min} to ${max}` };

describe('/a/variables form rules', () => {
  it('covers each of the six global settings once', () => {
    expect(VARIABLES.map((v) => v.key).sort()).toEqual(Object.keys(DEFAULT_GLOBAL_SETTINGS).sort());
  });

  it('accepts the defaults and typed decimals with a comma', () => {
    expect(validateVariables(DEFAULT_GLOBAL_SETTINGS, t)).toEqual({});
    const typed = { ...DEFAULT_GLOBAL_SETTINGS, activityDrain: '0,5' };
    expect(toGlobalSettings(typed).activityDrain).toBe(0.5);
    expect(validateVariables(typed, t)).toEqual({});
  });

  it('reports an empty field as required and a value out of range with the range', () => {
    const errors = validateVariables(
      { ...DEFAULT_GLOBAL_SETTINGS, activityTriggerGainLevel: '', averageWeightMaxDelta: 0 },
      t,
    );
    expect(errors).toEqual({
      activityTriggerGainLevel: 'required',
      averageWeightMaxDelta: 'from 1 to 500',
    });
  });
});
