import { z } from 'zod';

const PG_INTEGER_MAX = 2_147_483_647;

/**
 * A path id: a positive PostgreSQL `integer` written as plain decimal digits without a leading zero. Shared by
 * every route that takes an id, so they all accept and refuse the same spellings: `0x1`, `1e0`, `+1`, `01`,
 * ` 1` (`%201`) and `1.0` are refused with the usual 400 "Check your inputs" rather than read as id 1.
 */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(PG_INTEGER_MAX));

export const idParams = z.object({ id: idParam });
