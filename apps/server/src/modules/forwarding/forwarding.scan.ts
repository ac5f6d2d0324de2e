import type { Db } from '../../db/client';
import { newReportTimes, type ReportSpan } from '../measurements/measurements.service';
import {
  pruneDeliveries,
  queueDeliveries,
  scanPage,
  type DeliveryKey,
  type ScanRow,
} from './forwarding.repository';

/**
 * The scan (docs/forwarding.md "Delivery"): turns new readings into deliveries, without touching the ingest.
 * Each forwarding's `cursor` is the last report time handed to a delivery (mail: the end of the last hour
 * handed); the deliveries and the cursors are written in one transaction, and a delivery's key (forwarding,
 * report time) is unique, so a run repeated after a crash queues nothing twice.
 */

export const HOUR_MS = 3_600_000;
/** URL and FTP forwardings look back this far behind the cursor for readings that were committed late. */
export const LATE_MS = 6 * HOUR_MS;
/** The ingest refuses readings further ahead than this (docs/device-protocol.md). */
const AHEAD_MS = 10 * 60_000;
const PAGE = 200;
/** New reports queued per forwarding and run; the rest in the next run (nudged). */
export const PER_RUN = 500;
const LATE_LIMIT = 5000;
/** Finished deliveries are pruned once an hour, by the scan of this minute (a table scan, not every minute). */
export const PRUNE_MINUTE = 23;

export type ScanResult = { created: number; more: boolean };

const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;
const span = (f: ScanRow, from: number, to: number): ReportSpan => ({
  key: f.id,
  controllerId: f.controllerId,
  channel: f.channel,
  from: new Date(from),
  to: new Date(to),
});

/** What one page of forwardings turns into: delivery keys and new cursors. */
async function planPage(db: Db, page: ScanRow[], now: number) {
  const keys: DeliveryKey[] = [];
  const cursors: Array<{ id: number; cursor: Date }> = [];
  let more = false;
  // mail: the completed hours since the cursor, one delivery for the newest of them, one waiting at a time
  const mail = page.filter((f) => f.kind === 'email' && !f.pending && f.cursor.getTime() < floorHour(now));
  const mailTimes = await newReportTimes(
    db,
    mail.map((f) => span(f, f.cursor.getTime(), floorHour(now))),
    LATE_LIMIT,
  );
  for (const f of mail) {
    const last = mailTimes.get(f.id)?.at(-1);
    if (!last) continue;
    const hour = floorHour(last.getTime());
    keys.push({ forwardingId: f.id, reportAt: new Date(hour) });
    cursors.push({ id: f.id, cursor: new Date(hour + HOUR_MS) });
  }
  // URL and FTP: every report after the cursor, and late ones in the look-back not delivered yet
  const reports = page.filter((f) => f.kind !== 'email');
  const fresh = await newReportTimes(
    db,
    reports.map((f) => span(f, f.cursor.getTime() + 1, now + AHEAD_MS)),
    PER_RUN,
  );
  const late = await newReportTimes(
    db,
    reports.map((f) =>
      span(f, Math.max(f.createdAt.getTime(), f.cursor.getTime() - LATE_MS), f.cursor.getTime() + 1),
    ),
    LATE_LIMIT,
  );
  for (const f of reports) {
    const times = [...(late.get(f.id) ?? []), ...(fresh.get(f.id) ?? [])];
    for (const t of times) keys.push({ forwardingId: f.id, reportAt: t });
    const newest = fresh.get(f.id);
    if (newest && newest.length >= PER_RUN) more = true;
    const last = newest?.at(-1);
    if (last) cursors.push({ id: f.id, cursor: last });
  }
  return { keys, cursors, more };
}

/** One scan over every forwarding; `more`: some had more new reports than one run takes. */
export async function scanForwardings(db: Db, now = Date.now()): Promise<ScanResult> {
  let created = 0;
  let more = false;
  let afterId = 0;
  for (;;) {
    const page = await scanPage(db, afterId, PAGE);
    if (page.length === 0) break;
    afterId = page[page.length - 1]?.id ?? afterId;
    const plan = await planPage(db, page, now);
    more ||= plan.more;
    if (plan.keys.length > 0 || plan.cursors.length > 0)
      created += await db.transaction((tx) => queueDeliveries(tx, plan.keys, plan.cursors));
  }
  if (new Date(now).getUTCMinutes() === PRUNE_MINUTE) await pruneDeliveries(db, LATE_MS);
  return { created, more };
}
