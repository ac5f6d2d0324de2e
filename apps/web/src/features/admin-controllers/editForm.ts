import type { FormErrors } from '@mantine/form';
import {
  adminControllerUpdateSchema,
  type AdminControllerRow,
  type AdminControllerUpdateInput,
} from '@hivescope/contract';
import { toLocation } from '../../lib/location';
import { normaliseDigits } from '../../lib/deviceIds';
import { errorsFor, type ControllerBaseValues } from './createForm';
import type { Translate } from '../../lib/form';

/** The admin edit modal as typed. Dates as the date input's "YYYY-MM-DD"; empty texts clear the field. */
export type EditControllerValues = ControllerBaseValues & {
  subscriptionEnd: string;
  desiredFirmware: string;
  ownerEmail: string;
};

/** "YYYY-MM-DD" of an ISO instant, in UTC (how the server stores the end of a subscription). */
export function datePart(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** The instant `iso` moved to another UTC day, keeping its time of day; `''` when `day` is not a date. */
export function withDatePart(iso: string, day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const time = new Date(iso);
  const clock = Number.isNaN(time.getTime()) ? 'T00:00:00.000Z' : time.toISOString().slice(10);
  const moved = new Date(`${day}${clock}`);
  return Number.isNaN(moved.getTime()) ? '' : moved.toISOString();
}

export function editValuesFromRow(row: AdminControllerRow): EditControllerValues {
  return {
    name: row.name,
    lat: row.location?.lat ?? '',
    lng: row.location?.lng ?? '',
    updateInterval: String(row.updateInterval),
    imsi: row.imsi,
    imei: row.imei ?? '',
    subscriptionEnd: datePart(row.subscriptionEnd),
    desiredFirmware: row.desiredFirmware ?? '',
    ownerEmail: row.owner?.email ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** POST admin/controller/{id} body with only the fields that differ from the row. */
export function toUpdateBody(
  row: AdminControllerRow,
  values: EditControllerValues,
): AdminControllerUpdateInput {
  const body: AdminControllerUpdateInput = {};
  const before = editValuesFromRow(row);
  if (values.name.trim() !== row.name) body.name = values.name.trim();
  if (values.lat !== before.lat || values.lng !== before.lng) {
    const location = toLocation(values.lat, values.lng);
    if (location !== 'invalid') body.location = location;
  }
  if (values.updateInterval !== before.updateInterval) body.updateInterval = Number(values.updateInterval);
  if (normaliseDigits(values.imsi) !== row.imsi) body.imsi = normaliseDigits(values.imsi);
  if (normaliseDigits(values.imei) !== before.imei) body.imei = orNull(normaliseDigits(values.imei));
  if (values.subscriptionEnd !== before.subscriptionEnd) {
    body.subscriptionEnd = withDatePart(row.subscriptionEnd, values.subscriptionEnd);
  }
  if (values.desiredFirmware.trim() !== before.desiredFirmware)
    body.desiredFirmware = orNull(values.desiredFirmware);
  if (values.ownerEmail.trim().toLowerCase() !== before.ownerEmail.toLowerCase()) {
    body.ownerEmail = orNull(values.ownerEmail.toLowerCase());
  }
  return body;
}

export function validateEdit(
  row: AdminControllerRow,
  values: EditControllerValues,
  t: Translate,
): FormErrors {
  const errors: FormErrors = {};
  if (toLocation(values.lat, values.lng) === 'invalid') errors['location'] = t('errors:invalidLocation');
  if (!values.subscriptionEnd) errors['subscriptionEnd'] = t('errors:invalidDate');
  const result = adminControllerUpdateSchema.safeParse(toUpdateBody(row, values));
  return result.success ? errors : errorsFor(result.error.issues, t, errors);
}
