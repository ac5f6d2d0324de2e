/** Device protocol v1 (DESIGN §7), as the controller sends and receives it. */
import { z } from 'zod';

export const REPORT_PATH = '/api/device/v1/report';
/** A report carries at most this many buffered readings. */
export const MAX_READINGS_PER_REPORT = 1000;

export interface ChannelValue {
  channel: number;
  weight?: number;
  temperature?: number;
  humidity?: number;
}

export interface Reading {
  /** ISO 8601 UTC, e.g. "2026-05-01T09:00:00Z". */
  time: string;
  channels: ChannelValue[];
}

export interface ReportStatus {
  temperature: number;
  voltage: number;
  signal: number;
}

export interface ReportBody {
  imsi: string;
  imei: string;
  firmware: string;
  status: ReportStatus;
  readings: Reading[];
}

export const reportResponseSchema = z.object({
  accepted: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
  config: z.object({
    updateInterval: z.number().positive(),
    scaleGain: z.number().optional(),
    firmware: z.object({ version: z.string(), url: z.string() }).nullable().optional(),
  }),
  inactive: z.boolean().optional(),
});

export type ReportResponse = z.infer<typeof reportResponseSchema>;

/** ISO time without milliseconds (readings fall on whole minutes). */
export function isoTime(t: number): string {
  return new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
