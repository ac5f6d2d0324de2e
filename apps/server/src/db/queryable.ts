import type { Db } from './client';

/** The database or an open transaction: what repositories take, so a service can run them in one transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
