import type { Db } from '../../db/client';
import { INGEST_SQL } from './ingest.sql';

/** What the device protocol needs to know about the controller behind a device token. */
export type DeviceController = {
  id: number;
  imsi: string;
  imei: string | null;
  timeZone: string;
  updateInterval: number;
  scaleGain: number;
  desiredFirmware: string | null;
  /** The stored image of `desiredFirmware` (null: none uploaded, so nothing is offered). */
  desiredImage: FirmwareImageRef | null;
  /** Its place in an active firmware roll-out (docs/firmware.md), or null. */
  rollout: { rolloutId: number; version: string; state: string } | null;
  subscriptionEnd: Date;
};

/** What the offer and the download of a firmware image need (docs/device-protocol.md §3). */
export type FirmwareImageRef = { id: number; sha256: string; size: number; chunkSize: number };

/** One report's channel values (one element per value). */
export type IngestRows = {
  channels: number[];
  /** UTC ms */
  times: number[];
  weights: (number | null)[];
  temperatures: (number | null)[];
  humidities: (number | null)[];
};

export type IngestStatus = {
  temperature: number;
  voltage: number;
  signal: number;
  firmware: string;
  imei: string;
  resetAt: string | null;
  /** time of the controller_status row: the newest reading time of the report (UTC ms) */
  time: number;
};

/** One validated report of one controller, ready to store. */
export type IngestJob = { controllerId: number; timeZone: string; rows: IngestRows; status: IngestStatus };

// One indexed lookup per report: the controller, the image of its desired version and its active roll-out row.
const LOOKUP_SELECT = `SELECT c.id, c.imsi, c.imei, c.time_zone, c.update_interval, c.scale_gain, c.desired_firmware,
    c.subscription_end, f.id AS fw_id, f.sha256 AS fw_sha256, f.size AS fw_size, f.chunk_size AS fw_chunk_size,
    m.rollout_id, m.state AS rollout_state, r.version AS rollout_version
  FROM controllers c
  LEFT JOIN firmware_images f ON f.version = c.desired_firmware
  LEFT JOIN firmware_rollout_controllers m ON m.controller_id = c.id AND m.active
  LEFT JOIN firmware_rollouts r ON r.id = m.rollout_id`;

type LookupRow = {
  id: number;
  imsi: string;
  imei: string | null;
  time_zone: string;
  update_interval: number;
  scale_gain: number;
  desired_firmware: string | null;
  subscription_end: Date;
  fw_id: number | null;
  fw_sha256: string | null;
  fw_size: number | null;
  fw_chunk_size: number | null;
  rollout_id: number | null;
  rollout_state: string | null;
  rollout_version: string | null;
};

/** The controller whose device_token_hash is `tokenHash`, or null. */
export async function findControllerByTokenHash(db: Db, tokenHash: string): Promise<DeviceController | null> {
  const res = await db.$client.query<LookupRow>({
    name: 'device-lookup-v2',
    text: `${LOOKUP_SELECT} WHERE c.device_token_hash = $1`,
    values: [tokenHash],
  });
  return res.rows[0] ? controllerOf(res.rows[0]) : null;
}

/**
 * The controller `id` read as `findControllerByTokenHash` reads it (after a report changed its roll-out
 * standing: the answer's offer and the download then read the same state).
 */
export async function findControllerById(db: Db, id: number): Promise<DeviceController | null> {
  const res = await db.$client.query<LookupRow>({
    name: 'device-lookup-by-id-v1',
    text: `${LOOKUP_SELECT} WHERE c.id = $1`,
    values: [id],
  });
  return res.rows[0] ? controllerOf(res.rows[0]) : null;
}

function controllerOf(r: LookupRow): DeviceController {
  return {
    id: r.id,
    imsi: r.imsi,
    imei: r.imei,
    timeZone: r.time_zone,
    updateInterval: r.update_interval,
    scaleGain: r.scale_gain,
    desiredFirmware: r.desired_firmware,
    desiredImage:
      r.fw_id !== null && r.fw_sha256 !== null && r.fw_size !== null && r.fw_chunk_size !== null
        ? { id: r.fw_id, sha256: r.fw_sha256, size: r.fw_size, chunkSize: r.fw_chunk_size }
        : null,
    rollout:
      r.rollout_id !== null && r.rollout_state !== null && r.rollout_version !== null
        ? { rolloutId: r.rollout_id, version: r.rollout_version, state: r.rollout_state }
        : null,
    subscriptionEnd: r.subscription_end,
  };
}

/**
 * Notes that a report carried an IMEI other than the stored one (docs/controllers.md "IMEI mismatch"): the
 * admin sees it and decides; the stored IMEI is left alone.
 */
export async function recordImeiMismatch(db: Db, controllerId: number, reportedImei: string): Promise<void> {
  await db.$client.query({
    name: 'device-imei-mismatch-v1',
    text: 'UPDATE controllers SET reported_imei = $2, reported_imei_at = now() WHERE id = $1',
    values: [controllerId, reportedImei],
  });
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The statement's parameters for `jobs`: rows deduplicated across jobs (first job wins) and sorted by key. */
export function ingestParams(jobs: IngestJob[]): unknown[] {
  const seen = new Set<string>();
  const rows: {
    c: number;
    ch: number;
    t: number;
    w: number | null;
    te: number | null;
    h: number | null;
    job: number;
  }[] = [];
  jobs.forEach((job, j) => {
    const r = job.rows;
    for (let i = 0; i < r.channels.length; i++) {
      const key = `${job.controllerId}|${r.channels[i]}|${r.times[i]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        c: job.controllerId,
        ch: r.channels[i] ?? 0,
        t: r.times[i] ?? 0,
        w: r.weights[i] ?? null,
        te: r.temperatures[i] ?? null,
        h: r.humidities[i] ?? null,
        job: j,
      });
    }
  });
  rows.sort((a, b) => a.c - b.c || a.ch - b.ch || a.t - b.t);
  const controllers = new Map<number, IngestJob>();
  const statuses = new Map<string, IngestJob>();
  for (const job of jobs) {
    controllers.set(job.controllerId, job);
    statuses.set(`${job.controllerId}|${job.status.time}`, job);
  }
  const ctl = [...controllers.values()].sort((a, b) => a.controllerId - b.controllerId);
  const st = [...statuses.values()].sort(
    (a, b) => a.controllerId - b.controllerId || a.status.time - b.status.time,
  );
  return [
    rows.map((r) => r.c),
    rows.map((r) => r.ch),
    rows.map((r) => iso(r.t)),
    rows.map((r) => r.w),
    rows.map((r) => r.te),
    rows.map((r) => r.h),
    rows.map((r) => r.job),
    ctl.map((j) => j.controllerId),
    ctl.map((j) => j.timeZone),
    ctl.map((j) => j.status.temperature),
    ctl.map((j) => j.status.voltage),
    ctl.map((j) => Math.round(j.status.signal)),
    ctl.map((j) => j.status.firmware),
    ctl.map((j) => j.status.imei),
    ctl.map((j) => j.status.resetAt),
    st.map((j) => j.controllerId),
    st.map((j) => iso(j.status.time)),
    st.map((j) => j.status.temperature),
    st.map((j) => j.status.voltage),
    st.map((j) => Math.round(j.status.signal)),
  ];
}

/**
 * Stores the reports of `jobs` atomically in ONE statement (data-modifying CTEs run in one implicit
 * transaction; see ingest.sql.ts) and returns how many channel values of each job were new. Resolves only
 * after COMMIT.
 */
export async function ingestJobs(db: Db, jobs: IngestJob[]): Promise<number[]> {
  const res = await db.$client.query<{ job: number; accepted: number }>({
    name: 'device-ingest-v3',
    text: INGEST_SQL,
    values: ingestParams(jobs),
  });
  const accepted = jobs.map(() => 0);
  for (const r of res.rows) accepted[r.job] = r.accepted;
  return accepted;
}
