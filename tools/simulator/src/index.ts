/** @hivescope/simulator: the hive model, virtual controllers and demo helpers. */
export * from './model/index';
export {
  createDemoFleet,
  controllerDefFor,
  defaultChannels,
  drawIdentity,
  luhnDigit,
  DEFAULT_FIRMWARE,
  SWISS_TOWNS,
  type ChannelKind,
  type ChannelSpec,
  type ControllerDef,
  type DeviceIdentity,
  type Location,
} from './fleet';
export {
  ControllerModel,
  generateReadings,
  iterateReadings,
  modelOf,
  samplingTimes,
  type ChannelEvent,
} from './readings';
export {
  VirtualController,
  type ControllerOptions,
  type FirmwareOutcome,
  type ReportOutcome,
  type VirtualControllerConfig,
} from './controller';
export {
  downloadFirmware,
  failsUpdates,
  sha256Of,
  type DownloadOptions,
  type DownloadResult,
  type FirmwareFailure,
} from './firmware';
export { type BackfillBatch, type BackfillOptions, type BackfillResult } from './backfill';
export { VirtualClock, sleep, type Clock } from './clock';
/** The report and answer shapes are the contract's (DeviceReport, DeviceReportAnswer, …). */
export { isoTime } from './protocol';
export { postReport, type FetchLike, type PostResult } from './transport';
export { adminLogin, createController, sha256Hex, type CreatedController } from './admin';
export {
  devicesFromTokens,
  readTokensFile,
  tokensFileSchema,
  type DeviceWithToken,
  type TokensFile,
} from './tokens';
