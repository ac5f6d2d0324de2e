import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import {
  FORWARDING_CSV_COLUMNS,
  gsm7Length,
  toGsm7,
  truncateGsm7,
  type ForwardingPayload,
} from '@hivescope/contract';
import type { ChannelReading } from '../measurements/measurements.service';

/** What every format names: the controller and its channel (docs/forwarding.md "Formats"). */
export type ReportSource = { controllerId: number; controllerName: string; channel: number };

const iso = (d: Date) => d.toISOString();

/** The JSON body of a URL forwarding (contract: forwardingPayloadSchema). */
export function jsonPayload(
  source: ReportSource,
  delivery: { id: number; reportAt: Date },
  readings: ChannelReading[],
  sentAt: Date,
): string {
  const body: ForwardingPayload = {
    version: 1,
    deliveryId: delivery.id,
    sentAt: iso(sentAt),
    controller: { id: source.controllerId, name: source.controllerName },
    channel: source.channel,
    reportAt: iso(delivery.reportAt),
    readings: readings.map((r) => ({
      time: iso(r.time),
      weight: r.weight,
      temperature: r.temperature,
      humidity: r.humidity,
    })),
  };
  return JSON.stringify(body);
}

/** `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the signing key as text. */
export function signature(key: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', key).update(body, 'utf8').digest('hex')}`;
}

/**
 * The CSV file of an FTP forwarding: a header row (FORWARDING_CSV_COLUMNS) and one row per reading; cells a
 * spreadsheet would run as a formula (a controller named "=…") get a leading apostrophe.
 */
export function csvFile(source: ReportSource, readings: ChannelReading[]): string {
  const rows = readings.map((r) => [
    source.controllerId,
    source.controllerName,
    source.channel,
    iso(r.time),
    r.weight ?? '',
    r.temperature ?? '',
    r.humidity ?? '',
  ]);
  return stringify([[...FORWARDING_CSV_COLUMNS], ...rows], {
    escape_formulas: true,
    record_delimiter: '\r\n',
  });
}

/** `<controller>-<channel>-<time, ISO basic UTC>.csv`: safe on every file system, sorts by time. */
export function csvFileName(source: ReportSource, reportAt: Date): string {
  const stamp = iso(reportAt)
    .replace(/[-:]/g, '')
    .replace(/\.000Z$/, 'Z');
  return `${source.controllerId}-${source.channel}-${stamp}.csv`;
}

/** One SMS: 160 GSM-7 characters. */
export const SMS_STYLE_MAX = 160;

const num = (value: number, digits: number) => String(Number(value.toFixed(digits)));

/** `2026-05-01T09:45Z`: minutes are what an SMS-style report carries. */
const minuteUtc = (d: Date) => `${iso(d).slice(0, 16)}Z`;

/**
 * The SMS-style text of a mail forwarding (docs/forwarding.md "E-mail"): one line of at most 160 GSM-7
 * characters with the channel's latest reading, language-independent so a reporting service can parse it:
 * `HIVESCOPE 17/1 2026-05-01T09:45Z W=42.35kg T=11.5C H=61% Stand Moos`. Missing values are left out; the
 * controller name is mapped onto GSM-7 and shortened to fit.
 */
export function smsStyleText(source: ReportSource, reading: ChannelReading): string {
  const parts = [`HIVESCOPE ${source.controllerId}/${source.channel}`, minuteUtc(reading.time)];
  if (reading.weight !== null) parts.push(`W=${num(reading.weight, 2)}kg`);
  if (reading.temperature !== null) parts.push(`T=${num(reading.temperature, 1)}C`);
  if (reading.humidity !== null) parts.push(`H=${num(reading.humidity, 0)}%`);
  const head = parts.join(' ');
  const name = toGsm7(source.controllerName.replace(/\s+/g, ' ').trim());
  const room = SMS_STYLE_MAX - gsm7Length(head) - 1;
  if (name === '' || room < 4) return truncateGsm7(head, SMS_STYLE_MAX);
  return `${head} ${truncateGsm7(name, room)}`;
}

/** The subject of a mail forwarding: the same first fields as the text. */
export function smsStyleSubject(source: ReportSource, reading: ChannelReading): string {
  return `HIVESCOPE ${source.controllerId}/${source.channel} ${minuteUtc(reading.time)}`;
}
