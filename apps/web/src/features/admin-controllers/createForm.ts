import type { FormErrors } from '@mantine/form';
import { adminControllerCreateSchema, type AdminControllerCreateInput } from '@hivescope/contract';
import { toLocation, type CoordinateInput } from '../../lib/location';
import { normaliseDigits } from '../../lib/deviceIds';
import type { Translate } from '../../lib/form';

/** The fields the admin's create and edit forms share, as typed. */
export type ControllerBaseValues = {
  name: string;
  lat: CoordinateInput;
  lng: CoordinateInput;
  /** '1'…'6' hours. */
  updateInterval: string;
  imsi: string;
  imei: string;
};

/** /a/controllers/create as typed. */
export type CreateControllerValues = ControllerBaseValues;

export const initialCreateValues: CreateControllerValues = {
  name: '',
  lat: '',
  lng: '',
  updateInterval: '1',
  imsi: '',
  imei: '',
};

/** The POST admin/controller body; an empty IMEI is left out (learned from the first report). */
export function toCreateBody(values: CreateControllerValues): AdminControllerCreateInput {
  const location = toLocation(values.lat, values.lng);
  const imei = normaliseDigits(values.imei);
  return {
    name: values.name.trim(),
    location: location === 'invalid' ? null : location,
    updateInterval: Number(values.updateInterval),
    imsi: normaliseDigits(values.imsi),
    ...(imei ? { imei } : {}),
  };
}

/** The form field of a request path: "location.lat" and "location.lng" are shown on the location picker. */
export const toFormField = (path: string) => (path.startsWith('location') ? 'location' : path);

/** Validation messages (contract keys, translated) by form field; location errors go to "location". */
export function errorsFor(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  t: Translate,
  errors: FormErrors = {},
): FormErrors {
  for (const issue of issues) {
    const field = toFormField(issue.path.map(String).join('.'));
    errors[field] ??= t(issue.message.startsWith('errors:') ? issue.message : 'errors:fieldRequired');
  }
  return errors;
}

export function validateCreate(values: CreateControllerValues, t: Translate): FormErrors {
  const errors: FormErrors = {};
  if (toLocation(values.lat, values.lng) === 'invalid') errors['location'] = t('errors:invalidLocation');
  const result = adminControllerCreateSchema.safeParse(toCreateBody(values));
  return result.success ? errors : errorsFor(result.error.issues, t, errors);
}
