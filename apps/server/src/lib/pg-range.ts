/**
 * Values PostgreSQL can hold. The contract checks shapes (positive integers, ISO dates); an id beyond the
 * `integer` column type or a timestamp outside years 1–9999 would make the query fail with a 500. Such an id
 * cannot exist (treat it as unknown); such a date is invalid input.
 */
export const PG_INT_MAX = 2_147_483_647;

export const isPgId = (n: number) => Number.isInteger(n) && n >= 1 && n <= PG_INT_MAX;

export function isPgDate(d: Date): boolean {
  const year = d.getUTCFullYear();
  return !Number.isNaN(d.getTime()) && year >= 1 && year <= 9999;
}
