/** Registration steps, kept in `?step=` so a reload stays on the step. */
export const REGISTRATION_STEPS = ['user', 'transmitter', 'success'] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

export function toRegistrationStep(value: string | null): RegistrationStep {
  return (REGISTRATION_STEPS as readonly string[]).includes(value ?? '')
    ? (value as RegistrationStep)
    : 'user';
}
