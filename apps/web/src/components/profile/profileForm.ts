import { z } from 'zod';
import {
  DEFAULT_COUNTRY,
  PROFILE_FIELDS,
  profileSchema,
  type Profile,
  type ProfileField,
} from '@hivescope/contract';

export { PROFILE_FIELDS, type ProfileField };
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
