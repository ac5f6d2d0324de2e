export { HiveModel, eventEffect, type HiveClimate } from './hive';
export { DeviceModel, MISSED_REPORT_CHANCE, type BatteryCycle, type DeviceStatus } from './device';
export {
  ambientTemperature,
  dayWeather,
  rainEvents,
  type DayWeather,
  type RainEvent,
  type Site,
} from './climate';
export { STEP_KINDS, type HiveEvent, type HiveEventKind } from './events';
export { planBeeYear, type DayPlan } from './schedule';
export { COLONY_SIZES, colonyParams, type ColonySize } from './colony';
export { type Bloom } from './strong-flow';
export { type LoadCell } from './load-cell';
export { EPOCH_BEE_YEAR, resolveTraits, type HiveParams, type HiveTraits, type StrongFlow } from './traits';
export { hash32, mulberry32, rngFor, type Rng } from './random';
export { DAY_MS, HOUR_MS, MINUTE_MS, localHour, solarDay, solarDayStart, solarHour } from './time';
