import { z } from 'zod';
import type { FormErrors } from '@mantine/form';
import { emailSchema } from '@hivescope/contract';

/** The `t` of react-i18next as the validators need it: an i18n key ("errors:…") in, the text out. */
export type Translate = (key: string) => string;

/**
 * Issues of a zod schema as Mantine form errors ("profile.street" → message). Contract messages are
 * i18n keys ("errors:…"); any other zod message (type errors, min/max) shows "Field is required",
 * like the server does.
 */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], t: Translate): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path]) continue;
    errors[path] = t(issue.message.startsWith('errors:') ? issue.message : 'errors:fieldRequired');
  }
  return errors;
}

/** A synchronous Mantine `validate` function from a zod schema. */
export function zodResolver<S extends z.ZodType>(schema: S, t: Translate) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToErrors(result.error.issues, t);
  };
}

/** Form-side field rules built on the contract (the contract validates the request bodies). */
export const requiredString = z.string().trim().min(1, { message: 'errors:fieldRequired' });
export const requiredEmail = requiredString.pipe(emailSchema);
/** A typed (plain) password: it is hashed before it leaves the browser. */
export const plainPassword = z.string().min(1, { message: 'errors:fieldRequired' });

/**
 * Adds the "Passwords don't match" check to a form schema. It runs even while other fields are still
 * invalid (`when`), so the user sees every problem at once.
 */
export function confirmedPasswords<T extends z.ZodRawShape>(
  shape: T,
  password: keyof T & string,
  confirmation: keyof T & string,
) {
  const differ = (value: unknown) => {
    const v = (value ?? {}) as Record<string, unknown>;
    return Boolean(v[password]) && Boolean(v[confirmation]) && v[password] !== v[confirmation];
  };
  return z.object(shape).refine((value: unknown) => !differ(value), {
    message: 'errors:passwordsDontMatch',
    path: [confirmation],
    when: (payload) => differ(payload.value),
  });
}

/** Puts a server answer's `fields` (same paths as the form) onto the form. */
export function applyServerFields(
  error: unknown,
  setErrors: (errors: FormErrors) => void,
  map: (path: string) => string = (p) => p,
): void {
  if (
    error &&
    typeof error === 'object' &&
    'fields' in error &&
    error.fields &&
    typeof error.fields === 'object'
  ) {
    const fields = error.fields as Record<string, string>;
    setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [map(k), v])));
  }
}
