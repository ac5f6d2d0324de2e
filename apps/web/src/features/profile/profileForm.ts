import { z } from 'zod';
import { DEFAULT_COUNTRY, profileSchema, type Profile } from '@hivescope/contract';

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'street',
  'zip',
  'city',
  'country',
  'phone',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
/** What the inputs hold: every field as a string. */
export type ProfileFormValues = Record<ProfileField, string>;

/** Form values from a (possibly partial) stored profile; the country defaults to CH. */
export function profileFormValues(profile: Partial<Profile> | undefined): ProfileFormValues {
  const values = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, profile?.[f] ?? ''])) as ProfileFormValues;
  if (!values.country) values.country = DEFAULT_COUNTRY.toUpperCase();
  return values;
}

/** Forms keep the profile under `profile.*`, the paths the server reports for registration errors. */
export const profileFormSchema = z.object({ profile: profileSchema });

/** Server field errors of the profile endpoints are keyed by field name; the form's by `profile.<field>`. */
export const toProfilePath = (field: string) => (field.startsWith('profile.') ? field : `profile.${field}`);
