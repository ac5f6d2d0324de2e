// One file per feature; every table is exported here for drizzle and drizzle-kit.
export * from './users';
export * from './controllers';
export * from './readings';
export * from './weather';
export * from './jobs';
export * from './interventions';
export * from './alarms';
export * from './shares';
export * from './regions';
export * from './forwardings';
export * from './notices';
export * from './firmware';
export * from './exports';
export * from './public-map';
export * from './shop';
