import type { FormErrors } from '@mantine/form';
import {
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
};

export function scaleFormValues(scale?: Scale, type: ScaleType = 'weight'): ScaleFormValues {
  return {
    name: scale?.name ?? '',
    type: scale?.type ?? type,
    isBrood: scale?.isBrood ?? false,
    visible: scale?.visible ?? true,
    emptyWeight: scale?.emptyWeight ?? 0,
    reserves: scale?.reserves ?? 0,
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

/** The body of POST scale: the channel as "controllerId:channel" (docs/product.md §3). */
export function toScaleCreate(controllerId: number, channel: number, v: ScaleFormValues): ScaleCreateInput {
  return { channel: `${controllerId}:${channel}`, ...toScaleUpdate(v), type: v.type };
}

export function validateScaleForm(values: ScaleFormValues, t: Translate, creating: boolean): FormErrors {
  const body = toScaleUpdate(values);
  const result = creating
    ? scaleFieldsSchema.safeParse({ ...body, type: values.type })
    : scaleUpdateSchema.safeParse(body);
  return result.success ? {} : issuesToErrors(result.error.issues, t);
}
