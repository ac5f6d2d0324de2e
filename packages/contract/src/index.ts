export * from './constants';
export * from './user';
export * from "./i18n";
