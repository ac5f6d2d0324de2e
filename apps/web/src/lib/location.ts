import { locationSchema, type Location } from '@hivescope/contract';

/** A latitude/longitude as typed into a NumberInput: a number, or a string while empty or being edited. */
export type CoordinateInput = number | string;

function toNumber(value: CoordinateInput): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
}

/**
 * The location of two coordinate inputs: null when both are empty, a Location when both are valid WGS84
 * values, and `'invalid'` otherwise (one missing, not a number or out of range).
 */
export function toLocation(lat: CoordinateInput, lng: CoordinateInput): Location | null | 'invalid' {
  const a = toNumber(lat);
  const b = toNumber(lng);
  if (a === null && b === null && String(lat).trim() === '' && String(lng).trim() === '') return null;
  const parsed = locationSchema.safeParse({ lat: a, lng: b });
  return parsed.success ? parsed.data : 'invalid';
}
