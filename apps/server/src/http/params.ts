import { z } from 'zod';

/**
 * A path id: a positive PostgreSQL `integer`. Shared by every route that takes an id, so they all accept
 * and refuse the same spellings.
 */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const idParams = z.object({ id: idParam });
