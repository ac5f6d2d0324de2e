import type { FormErrors } from '@mantine/form';
import { globalSettingsSchema, type GlobalSettings } from '@hivescope/contract';

/** The six global settings in the order /a/variables shows them, with their unit. */
export const VARIABLES = [
  { key: 'activityDrain', unit: 'kgPerDay' },
  { key: 'activityTriggerGainLevel', unit: 'kgPerDay' },
  { key: 'activityTriggerLossLevel', unit: 'kgPerDay' },
  { key: 'activityWeightDistance', unit: 'kg' },
  { key: 'averageWeightMaxDelta', unit: 'kg' },
  { key: 'averageWeightMinMass', unit: 'kg' },
] as const satisfies readonly { key: keyof GlobalSettings; unit: string }[];

/** What the form's number inputs hold: a number, or a string while empty or being typed. */
export type VariableValues = Record<keyof GlobalSettings, number | string>;

function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** The body of POST admin/settings; an empty field becomes NaN, which the contract reports. */
export function toGlobalSettings(values: VariableValues): GlobalSettings {
  return Object.fromEntries(VARIABLES.map(({ key }) => [key, toNumber(values[key])])) as GlobalSettings;
}

/** The range the contract allows for a setting (min and max of its number schema). */
export function variableRange(key: keyof GlobalSettings): { min: number; max: number } {
  const schema = globalSettingsSchema.shape[key];
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

export type VariableMessages = { required: string; range: (min: number, max: number) => string };

/**
 * Checks the form with the contract's schema: an empty field is "Field is required", a number outside the
 * contract's range names the range ("Allowed: 0.1 to 50").
 */
export function validateVariables(values: VariableValues, messages: VariableMessages): FormErrors {
  const result = globalSettingsSchema.safeParse(toGlobalSettings(values));
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof GlobalSettings;
    if (errors[key]) continue;
    const outside = issue.code === 'too_small' || issue.code === 'too_big';
    const { min, max } = variableRange(key);
    errors[key] = outside ? messages.range(min, max) : messages.required;
  }
  return errors;
}
