export * from './constants';
export * from './user';
export * from './i18n';
export * from './device';
export * from './scale';
export * from './channel-config';
export * from './controller';
export * from './controller-admin';
