/**
 * A virtual controller: samples its channels every `samplingMinutes`, buffers the readings and
 * reports them every `updateInterval` hours through the device protocol. A failed report keeps the
 * buffer for the next one (backlog); the server's `config.updateInterval` is obeyed; a flat battery
 * stops sampling and reporting until it is recharged. An offered firmware (`config.firmware`) is downloaded,
 * checked and installed: the next report carries its version (firmware.ts).
 */
import type { ControllerDef } from './fleet';
import { sleep, type Clock } from './clock';
import { HOUR_MS, MINUTE_MS } from './model/time';
import { DEVICE_MAX_READINGS, type DeviceFirmwareOffer, type DeviceReading } from '@hivescope/contract';
import { downloadFirmware, type DownloadOptions, type FirmwareFailure } from './firmware';
import { modelOf, type ControllerModel } from './readings';
import { postReport, type FetchLike } from './transport';
import { backfillReadings, type BackfillOptions, type BackfillResult } from './backfill';

export interface VirtualControllerConfig {
  baseUrl: string;
  token: string;
  def: ControllerDef;
  /** 15..60 minutes, default 15. */
  samplingMinutes?: number;
  /** Hours between reports until the server says otherwise; default def.updateInterval. */
  updateIntervalHours?: number;
  /** Skip the model's missed report slots (≈ 3 %, no GSM connection); default true. */
  missedReports?: boolean;
  /** Oldest readings are dropped beyond this backlog (device memory); default 20,000. */
  maxBuffer?: number;
  /**
   * How this controller fails a firmware update (roll-out tests): `fallBack` reports the new version once,
   * then its old one again; `silent` reports the new version once, then never again. Default: updates work.
   */
  firmwareFailure?: FirmwareFailure;
  /** Range piece size and retries of firmware downloads. */
  firmwareDownload?: DownloadOptions;
}

/** A firmware update tried after a report: the version, whether it was installed, and why not. */
export interface FirmwareOutcome {
  version: string;
  installed: boolean;
  requests: number;
  error?: string;
}

export interface ReportOutcome {
  controller: string;
  /** Simulated time of the report, UTC ms. */
  time: number;
  ok: boolean;
  /** flat = battery flat, missed = no connection (deterministic per slot), silent = dead after an update. */
  skipped?: 'flat' | 'missed' | 'silent';
  requests: number;
  sent: number;
  accepted: number;
  duplicates: number;
  status?: number;
  error?: string;
  inactive?: boolean;
  /** Readings still buffered afterwards. */
  buffered: number;
  /** The firmware offered in the answer, when one was downloaded after this report. */
  firmware?: FirmwareOutcome;
}

export interface ControllerOptions {
  fetch?: FetchLike;
  onReport?: (outcome: ReportOutcome) => void;
}

export class VirtualController {
  readonly model: ControllerModel;
  readonly samplingMinutes: number;
  private interval: number;
  private buffer: DeviceReading[] = [];
  private nextSample: number | null = null;
  private nextReport: number | null = null;
  private readonly fetchImpl: FetchLike;
  private readonly reportOffset: number;
  /** The version it runs (and reports); the one before the last update; a failure due after the next report. */
  private running: string;
  private previous: string | null = null;
  private failureDue = false;
  private silent = false;

  constructor(
    readonly config: VirtualControllerConfig,
    private readonly options: ControllerOptions = {},
  ) {
    this.model = modelOf(config.def);
    this.samplingMinutes = config.samplingMinutes ?? 15;
    if (this.samplingMinutes < 1 || this.samplingMinutes > 60)
      throw new Error('samplingMinutes must be 1..60');
    this.interval = config.updateIntervalHours ?? config.def.updateInterval;
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    // report a few minutes after the hour so the reading of the full hour is included
    this.reportOffset = (1 + (config.def.seed % 9)) * MINUTE_MS;
    this.running = config.def.firmware;
  }

  /** The firmware version it runs and reports. */
  get firmware(): string {
    return this.running;
  }

  get name(): string {
    return this.config.def.name;
  }
  get updateIntervalHours(): number {
    return this.interval;
  }
  get buffered(): number {
    return this.buffer.length;
  }
  /** A copy of the buffered readings, oldest first. */
  backlog(): DeviceReading[] {
    return [...this.buffer];
  }

  /** Start live sampling at `t` (aligned up to the sampling step). */
  startAt(t: number): void {
    const step = this.samplingMinutes * MINUTE_MS;
    this.nextSample = Math.ceil(t / step) * step;
    this.nextReport = this.slotAfter(t);
  }

  private slotAfter(t: number): number {
    const ms = this.interval * HOUR_MS;
    return (Math.floor((t - this.reportOffset) / ms) + 1) * ms + this.reportOffset;
  }

  /** Process every sample and report due up to `now`, in time order. */
  async tick(now: number): Promise<ReportOutcome[]> {
    if (this.nextSample === null || this.nextReport === null) this.startAt(now);
    const outcomes: ReportOutcome[] = [];
    const step = this.samplingMinutes * MINUTE_MS;
    for (;;) {
      const sampleAt = this.nextSample ?? now;
      const reportAt = this.nextReport ?? now;
      if (Math.min(sampleAt, reportAt) > now) break;
      if (sampleAt <= reportAt) {
        const reading = this.model.reading(sampleAt);
        if (reading) this.buffer.push(reading);
        this.nextSample = sampleAt + step;
      } else {
        outcomes.push(await this.reportAt(reportAt));
        this.nextReport = this.slotAfter(reportAt);
      }
    }
    const max = this.config.maxBuffer ?? 20_000;
    if (this.buffer.length > max) this.buffer.splice(0, this.buffer.length - max);
    return outcomes;
  }

  private async reportAt(t: number): Promise<ReportOutcome> {
    let skipped: ReportOutcome['skipped'];
    if (this.silent) skipped = 'silent';
    else if (this.model.device.isFlat(t)) skipped = 'flat';
    else if (this.config.missedReports !== false && this.model.device.reportMissed(t)) skipped = 'missed';
    const outcome = skipped ? this.emptyOutcome(t, skipped) : await this.report(t);
    this.options.onReport?.(outcome);
    return outcome;
  }

  private emptyOutcome(t: number, skipped?: ReportOutcome['skipped']): ReportOutcome {
    const base = { controller: this.name, time: t, requests: 0, sent: 0, accepted: 0, duplicates: 0 };
    return { ...base, ok: skipped === undefined, skipped, buffered: this.buffer.length };
  }

  /** Send the whole buffer now, ≤ 1000 readings per request, oldest first; keep what fails. Nothing to send, no request. */
  async report(t: number): Promise<ReportOutcome> {
    const outcome = this.emptyOutcome(t);
    let offer: DeviceFirmwareOffer | null = null;
    while (this.buffer.length > 0) {
      const chunk = this.buffer.slice(0, DEVICE_MAX_READINGS);
      const { def } = this.config;
      const body = { imsi: def.imsi, imei: def.imei, firmware: this.running, status: this.model.status(t) };
      const result = await postReport(this.fetchImpl, this.config.baseUrl, this.config.token, {
        ...body,
        readings: chunk,
      });
      outcome.requests++;
      if (!result.ok) {
        Object.assign(outcome, { ok: false, status: result.status, error: result.error });
        break;
      }
      this.buffer.splice(0, chunk.length);
      outcome.sent += chunk.length;
      outcome.accepted += result.response.accepted;
      outcome.duplicates += result.response.duplicates;
      if (result.response.inactive) outcome.inactive = true;
      this.applyConfig(result.response.config.updateInterval, t);
      offer = result.response.config.firmware;
    }
    if (outcome.requests > 0 && outcome.ok) {
      if (this.failureDue) this.fail();
      else if (offer && offer.version !== this.running) outcome.firmware = await this.update(offer);
    }
    outcome.buffered = this.buffer.length;
    return outcome;
  }

  /** Downloads, checks and installs `offer`; a failed download or check keeps the running version. */
  private async update(offer: DeviceFirmwareOffer): Promise<FirmwareOutcome> {
    const got = await downloadFirmware(
      this.fetchImpl,
      offer,
      this.config.token,
      this.config.firmwareDownload,
    );
    if (!got.ok)
      return { version: offer.version, installed: false, requests: got.requests, error: got.error };
    this.previous = this.running;
    this.running = offer.version;
    this.failureDue = this.config.firmwareFailure !== undefined;
    return { version: offer.version, installed: true, requests: got.requests };
  }

  /** The update's failure, after one report of the new version: back to the old one, or dead. */
  private fail(): void {
    this.failureDue = false;
    if (this.config.firmwareFailure === 'silent') this.silent = true;
    else if (this.previous !== null) this.running = this.previous;
  }

  private applyConfig(updateInterval: number, t: number): void {
    if (updateInterval === this.interval) return;
    this.interval = updateInterval;
    this.nextReport = this.slotAfter(t);
  }

  /** Run live on `clock` until `signal` aborts (or `until`, simulated UTC ms, is reached). */
  async run(clock: Clock, signal: AbortSignal, until = Infinity): Promise<void> {
    const pause = Math.min(1000, Math.max(20, clock.realDuration((this.samplingMinutes * MINUTE_MS) / 2)));
    while (!signal.aborted) {
      const now = Math.min(clock.now(), until);
      await this.tick(now);
      if (now >= until) break;
      await sleep(pause, signal);
    }
  }

  /** Generate [from, to) fast and send it in batches of ≤ 1000; live sampling then continues at `to`. */
  async backfill(from: number, to: number, options: BackfillOptions = {}): Promise<BackfillResult> {
    const result = await backfillReadings(
      this.fetchImpl,
      this.config,
      this.samplingMinutes,
      from,
      to,
      options,
    );
    if (this.nextSample === null) this.startAt(to);
    return result;
  }
}
