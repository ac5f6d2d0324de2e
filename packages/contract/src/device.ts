import { z } from 'zod';
import { CHANNELS_PER_CONTROLLER, MIN_CHART_START } from './constants';

/** Device protocol v1 (docs/device-protocol.md): what a controller sends and what it gets back. */
export const DEVICE_REPORT_PATH = '/api/device/v1/report';
/** A report carries at most this many buffered readings. */
export const DEVICE_MAX_READINGS = 1000;
/** Largest report body accepted (bytes); a full 1,000 × 8-channel report is about 0.6 MiB. */
export const DEVICE_BODY_LIMIT = 2 * 1024 * 1024;
/** Readings may be at most this far ahead of the server clock (clock drift of a transmitter). */
export const DEVICE_MAX_FUTURE_MS = 10 * 60 * 1000;
/** Readings before this time are refused (no transmitter reported before; also the chart minimum). */
export const DEVICE_MIN_TIME = MIN_CHART_START;

const digits15 = z.string().regex(/^\d{15}$/, { message: 'device:digits15' });
const num = (min: number, max: number) =>
  z
    .number({ message: 'device:notANumber' })
    .min(min, { message: 'device:outOfRange' })
    .max(max, { message: 'device:outOfRange' });
const utcTime = z.iso.datetime({ message: 'device:timeFormat', offset: false, local: false });

export const deviceChannelValueSchema = z
  .object({
    channel: z
      .number({ message: 'device:unknownChannel' })
      .int({ message: 'device:unknownChannel' })
      .min(1, { message: 'device:unknownChannel' })
      .max(CHANNELS_PER_CONTROLLER, { message: 'device:unknownChannel' }),
    /** kg */
    weight: num(-1000, 5000).optional(),
    /** °C */
    temperature: num(-60, 100).optional(),
    /** % relative humidity */
    humidity: num(0, 100).optional(),
  })
  .strict()
  .refine((c) => c.weight !== undefined || c.temperature !== undefined || c.humidity !== undefined, {
    message: 'device:noValue',
  });
export type DeviceChannelValue = z.infer<typeof deviceChannelValueSchema>;

export const deviceReadingSchema = z
  .object({
    /** ISO 8601 in UTC ("Z"), e.g. 2026-05-01T09:00:00Z */
    time: utcTime,
    channels: z
      .array(deviceChannelValueSchema)
      .min(1, { message: 'device:noChannels' })
      .max(CHANNELS_PER_CONTROLLER, { message: 'device:duplicateReading' }),
  })
  .strict();
export type DeviceReading = z.infer<typeof deviceReadingSchema>;

export const deviceStatusSchema = z
  .object({
    /** chip temperature, °C */
    temperature: num(-60, 120),
    /** battery voltage, V */
    voltage: num(0, 60),
    /** signal strength, dBm (rounded to whole dBm when stored) */
    signal: num(-200, 0),
    /** optional: when the transmitter last restarted (ISO UTC); stored as the controller's "last reset". */
    resetAt: utcTime.optional(),
  })
  .strict();
export type DeviceStatus = z.infer<typeof deviceStatusSchema>;

/** The report body. Time limits are checked against the clock at parse time. */
export const deviceReportSchema = z
  .object({
    imsi: digits15,
    imei: digits15,
    firmware: z
      .string({ message: 'device:firmwareFormat' })
      .trim()
      .min(1, { message: 'device:firmwareFormat' })
      .max(40, {
        message: 'device:firmwareFormat',
      }),
    status: deviceStatusSchema,
    readings: z
      .array(deviceReadingSchema, { message: 'device:readingsRequired' })
      .min(1, { message: 'device:readingsRequired' })
      .max(DEVICE_MAX_READINGS, { message: 'device:tooManyReadings' }),
  })
  .strict()
  .superRefine((report, ctx) => {
    const min = Date.parse(DEVICE_MIN_TIME);
    const max = Date.now() + DEVICE_MAX_FUTURE_MS;
    const seen = new Set<string>();
    report.readings.forEach((reading, i) => {
      const t = Date.parse(reading.time);
      if (t < min)
        ctx.addIssue({ code: 'custom', path: ['readings', i, 'time'], message: 'device:timeTooEarly' });
      if (t > max)
        ctx.addIssue({ code: 'custom', path: ['readings', i, 'time'], message: 'device:timeInFuture' });
      reading.channels.forEach((c, j) => {
        const key = `${c.channel}@${t}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['readings', i, 'channels', j],
            message: 'device:duplicateReading',
          });
        }
        seen.add(key);
      });
    });
    if (report.status.resetAt && Date.parse(report.status.resetAt) > max) {
      ctx.addIssue({ code: 'custom', path: ['status', 'resetAt'], message: 'device:timeInFuture' });
    }
  });
export type DeviceReport = z.infer<typeof deviceReportSchema>;

/** Path of a firmware download; `{version}` is the offered version (docs/device-protocol.md §3). */
export const DEVICE_FIRMWARE_PATH = '/api/device/v1/firmware';
/**
 * The firmware offered in a report answer (docs/device-protocol.md): download `url` with the same bearer token
 * (Range requests allowed), check that the image has `size` bytes and SHA-256 `sha256` (lowercase hex), install it.
 */
export const deviceFirmwareOfferSchema = z.object({
  version: z.string(),
  url: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});
export type DeviceFirmwareOffer = z.infer<typeof deviceFirmwareOfferSchema>;
export const deviceConfigSchema = z.object({
  /** hours between reports (1..6) */
  updateInterval: z.number().int(),
  scaleGain: z.number().int(),
  /** the firmware the controller should install, when it differs from the reported one */
  firmware: deviceFirmwareOfferSchema.nullable(),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

export const deviceReportAnswerSchema = z.object({
  /** channel values newly stored */
  accepted: z.number().int(),
  /** channel values already stored under (controller, channel, time) */
  duplicates: z.number().int(),
  /** present (true) when the subscription has expired: nothing was stored */
  inactive: z.literal(true).optional(),
  config: deviceConfigSchema,
});
export type DeviceReportAnswer = z.infer<typeof deviceReportAnswerSchema>;
