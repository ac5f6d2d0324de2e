import type { FormErrors } from '@mantine/form';
import {
  MIN_SCALE_SINCE,
  controllerOwnerUpdateSchema,
  roundToGrams,
  scaleFieldsSchema,
  scaleUpdateSchema,
  type Controller,
  type ControllerOwnerUpdate,
  type Scale,
  type ScaleCreateInput,
  type ScaleType,
  type ScaleUpdate,
} from '@hivescope/contract';
import { issuesToErrors, type Translate } from '../../lib/form';

/** What a Mantine NumberInput holds: a number, or a string while empty or being typed. */
export type NumberField = number | string;

/** A number input's value as a number; NaN when empty (the contract then reports the field). */
export function toNumber(value: NumberField): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim().replace(',', '.');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

// ---------- controller (general settings) ----------

export type ControllerFormValues = {
  name: string;
  lat: NumberField;
  lng: NumberField;
  updateInterval: string;
  scaleGain: NumberField;
  signalFilter: boolean;
  displayOnPublicMap: boolean;
};

export function controllerFormValues(c: Controller): ControllerFormValues {
  return {
    name: c.name,
    lat: c.location?.lat ?? '',
    lng: c.location?.lng ?? '',
    updateInterval: String(c.updateInterval),
    scaleGain: c.scaleGain,
    signalFilter: c.signalFilter,
    displayOnPublicMap: c.displayOnPublicMap,
  };
}

/** The body of POST controller/{id}; no location when both coordinates are empty. */
export function toControllerUpdate(v: ControllerFormValues): ControllerOwnerUpdate {
  const noLocation = v.lat === '' && v.lng === '';
  return {
    name: v.name.trim(),
    location: noLocation ? null : { lat: toNumber(v.lat), lng: toNumber(v.lng) },
    updateInterval: Number(v.updateInterval),
    scaleGain: toNumber(v.scaleGain),
    signalFilter: v.signalFilter,
    displayOnPublicMap: v.displayOnPublicMap,
  };
}

/** Validates the form with the contract's schema; "location.lat" errors are shown on the "lat" input. */
export function validateControllerForm(values: ControllerFormValues, t: Translate): FormErrors {
  const result = controllerOwnerUpdateSchema.safeParse(toControllerUpdate(values));
  if (result.success) return {};
  const errors = issuesToErrors(result.error.issues, t);
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path.replace(/^location\./, ''), message]),
  );
}

// ---------- scales ----------

export type ScaleFormValues = {
  name: string;
  type: ScaleType;
  isBrood: boolean;
  visible: boolean;
  emptyWeight: NumberField;
  reserves: NumberField;
  /** Only when creating: where the scale's history starts, local "YYYY-MM-DDTHH:mm" (a datetime-local input). */
  since: string;
};

/** A time as the value of a datetime-local input ("2025-07-01T09:30", local time, minutes). */
export function toDateTimeInput(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/** A datetime-local value as an ISO time (the browser reads it as local time); null if it is no time. */
export function fromDateTimeInput(value: string): string | null {
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? new Date(value).getTime() : Number.NaN;
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The history start of a new scale: a time, not before 2016-01-01 (the protocol's earliest), not in the future. */
export function sinceError(value: string, now: Date): string | null {
  const iso = fromDateTimeInput(value);
  if (!iso || Date.parse(iso) < Date.parse(MIN_SCALE_SINCE)) return 'errors:invalidDate';
  return Date.parse(iso) > now.getTime() ? 'errors:sinceInFuture' : null;
}

/** The form's values: a scale's for editing, else a new one of `type` whose history starts `now`. */
export function scaleFormValues(
  scale?: Scale,
  type: ScaleType = 'weight',
  now = new Date(),
): ScaleFormValues {
  return {
    name: scale?.name ?? '',
    type: scale?.type ?? type,
    isBrood: scale?.isBrood ?? false,
    visible: scale?.visible ?? true,
    emptyWeight: scale?.emptyWeight ?? 0,
    reserves: scale?.reserves ?? 0,
    since: scale ? '' : toDateTimeInput(now),
  };
}

/** Total = empty weight + reserves (feed stock); null while an input is not a number. */
export function scaleTotal(v: Pick<ScaleFormValues, 'emptyWeight' | 'reserves'>): number | null {
  const total = toNumber(v.emptyWeight) + toNumber(v.reserves);
  return Number.isFinite(total) ? roundToGrams(total) : null;
}

type ScaleBody = Required<Omit<ScaleUpdate, 'state'>>;

/** The body of POST scale/{idscale} (the type of a scale cannot change). */
export function toScaleUpdate(v: ScaleFormValues): ScaleBody {
  return {
    name: v.name.trim(),
    isBrood: v.isBrood,
    visible: v.visible,
    emptyWeight: toNumber(v.emptyWeight),
    reserves: toNumber(v.reserves),
  };
}

/**
 * The body of POST scale: the channel as "controllerId:channel" (docs/product.md §3). `since` goes along only
 * when the person changed it (`withSince`): the server's own "now" is the default.
 */
export function toScaleCreate(
  controllerId: number,
  channel: number,
  v: ScaleFormValues,
  withSince = false,
): ScaleCreateInput {
  const since = withSince ? fromDateTimeInput(v.since) : null;
  return {
    channel: `${controllerId}:${channel}`,
    ...toScaleUpdate(v),
    type: v.type,
    ...(since ? { since } : {}),
  };
}

export function validateScaleForm(
  values: ScaleFormValues,
  t: Translate,
  creating: boolean,
  now = new Date(),
): FormErrors {
  const body = toScaleUpdate(values);
  const result = creating
    ? scaleFieldsSchema.safeParse({ ...body, type: values.type })
    : scaleUpdateSchema.safeParse(body);
  const errors = result.success ? {} : issuesToErrors(result.error.issues, t);
  const since = creating ? sinceError(values.since, now) : null;
  return since ? { ...errors, since: t(since) } : errors;
}
