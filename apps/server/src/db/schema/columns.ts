import { customType } from 'drizzle-orm/pg-core';

/** Binary data as a Buffer (firmware images and export files are stored in chunks of it). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
