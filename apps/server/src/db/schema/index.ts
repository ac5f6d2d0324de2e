// One file per feature; every table is exported here for drizzle and drizzle-kit.
export * from './users';
export * from './controllers';
export * from './readings';
export * from './weather';
export * from './jobs';
export * from './interventions';
