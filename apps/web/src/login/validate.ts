import { regexes } from 'zod/v4/core';

export type LoginValues = { email: string; password: string };
export type LoginErrors = Partial<Record<keyof LoginValues, 'fieldRequired' | 'invalidEmail'>>;

/** The contract's email rule (packages/contract `emailSchema`: at most 254 characters, zod's email pattern). */
const EMAIL_MAX = 254;

/**
 * The web app's login form rules without zod at run time (lib/form `requiredEmail`, `plainPassword`): an empty
 * or overlong email is "required", a malformed one "invalid"; the password must not be empty. The values are
 * locale keys of errors.json.
 */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim().toLowerCase();
  if (!email || email.length > EMAIL_MAX) errors.email = 'fieldRequired';
  else if (!regexes.email.test(email)) errors.email = 'invalidEmail';
  if (!values.password) errors.password = 'fieldRequired';
  return errors;
}

/** The email as the server expects it (trimmed, lower case). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
