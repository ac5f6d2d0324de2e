import {
  FORWARDING_DELIVERY_HEADER,
  FORWARDING_SIGNATURE_HEADER,
  FORWARDING_TIMESTAMP_HEADER,
} from '@hivescope/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { postOutbound } from '../../lib/outbound-http';
import type { Lookup } from '../../lib/outbound';
import type { MailLog, Mailer } from '../../mail/mailer';
import { readingsOfChannel, type ChannelReading } from '../measurements/measurements.service';
import {
  claimDueDeliveries,
  markAttemptFailed,
  markDelivered,
  releaseDelivery,
  type ClaimedDelivery,
} from './deliveries.repository';
import { csvFile, csvFileName, jsonPayload, signature, smsStyleSubject, smsStyleText } from './formats';
import { HOUR_MS } from './forwarding.scan';
import { uploadFile } from './send-ftp';
import { forwardingSecrets, ftpSettingsSchema } from './targets';

/** Attempts per delivery before it is given up (docs/forwarding.md "Delivery", Retries). */
export const MAX_ATTEMPTS = 10;
/** The wait after the n-th failed attempt: 30 s, doubling, at most an hour (≈ 3.5 h from first to last). */
export const retryDelayMs = (attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), HOUR_MS);
/** A taken delivery is not taken again for this long (a run that died mid-send); outlasts every time limit. */
const LEASE_MS = 5 * 60_000;
/** A mail forwarding sends at most one mail in this long ("at most hourly", with room for the scan's minute). */
export const MAIL_GAP_MS = 50 * 60_000;
const MAIL_TIMEOUT_MS = 60_000;
/** A mail carries the latest reading of at most this long before the end of its hour. */
const MAIL_SPAN_MS = 24 * HOUR_MS;
const BATCH = 20;
const MAX_BATCHES = 50;

export type SendContext = {
  config: Pick<Config, 'forwarding' | 'publicUrl'>;
  db: Db;
};

export type SendDeps = {
  mailer: Mailer;
  log: MailLog;
  /** The wait after the n-th failed attempt (tests: 0). */
  retryDelayMs: (attempt: number) => number;
  /** Name resolution of URL and FTP hosts (tests may pin one). */
  lookup?: Lookup;
};

export type SendCounts = { sent: number; retried: number; failed: number };

/** An error as the owner sees it: one line, the secrets it might echo blanked, at most 300 characters. */
export function safeReason(err: unknown, secrets: Array<string | null>): string {
  let text = (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').trim();
  for (const secret of secrets) if (secret && secret.length >= 4) text = text.split(secret).join('***');
  return (text || 'unknown error').slice(0, 300);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const source = (d: ClaimedDelivery) => ({
  controllerId: d.controllerId,
  controllerName: d.controllerName,
  channel: d.channel,
});

/** The report's readings (URL, FTP): the channel's reading at the report time. */
async function reportReadings(ctx: SendContext, d: ClaimedDelivery): Promise<ChannelReading[]> {
  const readings = await readingsOfChannel(ctx.db, {
    controllerId: d.controllerId,
    channel: d.channel,
    from: d.reportAt,
    to: new Date(d.reportAt.getTime() + 1),
    limit: 10,
  });
  if (readings.length === 0) throw new Error('the report has no readings any more');
  return readings;
}

function openSecret(ctx: SendContext, d: ClaimedDelivery): string {
  if (!d.secret) throw new Error('the forwarding has no stored secret');
  try {
    return forwardingSecrets(ctx.config.forwarding.secretKey).open(d.secret);
  } catch {
    throw new Error(
      'the stored secret cannot be read (FORWARD_SECRET_KEY changed?); add the forwarding again',
    );
  }
}

async function sendHttp(ctx: SendContext, deps: SendDeps, d: ClaimedDelivery, key: string) {
  const sentAt = new Date();
  const body = jsonPayload(source(d), d, await reportReadings(ctx, d), sentAt);
  const res = await postOutbound(d.target, body, {
    policy: ctx.config.forwarding.policy,
    lookup: deps.lookup,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Hivescope-Forwarding/1',
      [FORWARDING_SIGNATURE_HEADER]: signature(key, body),
      [FORWARDING_TIMESTAMP_HEADER]: String(Math.floor(sentAt.getTime() / 1000)),
      [FORWARDING_DELIVERY_HEADER]: String(d.id),
    },
  });
  if (res.status >= 200 && res.status < 300) return;
  if (res.status >= 300 && res.status < 400)
    throw new Error(`HTTP ${res.status} (redirects are not followed)`);
  throw new Error(`HTTP ${res.status}`);
}

async function sendFtp(ctx: SendContext, deps: SendDeps, d: ClaimedDelivery, password: string) {
  const settings = ftpSettingsSchema.parse(d.settings);
  await uploadFile({
    settings,
    password,
    name: csvFileName(source(d), d.reportAt),
    content: csvFile(source(d), await reportReadings(ctx, d)),
    policy: ctx.config.forwarding.policy,
    lookup: deps.lookup,
  });
}

/** The mail of an hour: the channel's latest reading up to the hour's end, as one SMS-style line. */
async function sendMail(ctx: SendContext, deps: SendDeps, d: ClaimedDelivery) {
  const end = d.reportAt.getTime() + HOUR_MS;
  const [latest] = await readingsOfChannel(ctx.db, {
    controllerId: d.controllerId,
    channel: d.channel,
    from: new Date(Math.max(d.createdAt.getTime(), end - MAIL_SPAN_MS)),
    to: new Date(end),
    limit: 1,
    newest: true,
  });
  if (!latest) throw new Error('the hour has no readings any more');
  const host = new URL(ctx.config.publicUrl).hostname || 'hivescope';
  await withTimeout(
    deps.mailer.deliver({
      to: d.target,
      subject: smsStyleSubject(source(d), latest),
      text: smsStyleText(source(d), latest),
      messageId: `<forwarding-${d.forwardingId}-${d.reportAt.getTime()}@${host}>`,
    }),
    MAIL_TIMEOUT_MS,
    'mail',
  );
}

type Outcome = keyof SendCounts;

/** One attempt of one delivery; every outcome is written to the delivery and to its forwarding. */
async function attempt(ctx: SendContext, deps: SendDeps, d: ClaimedDelivery): Promise<Outcome> {
  let secret: string | null = null;
  try {
    if (d.kind === 'email') await sendMail(ctx, deps, d);
    else {
      secret = openSecret(ctx, d);
      if (d.kind === 'http') await sendHttp(ctx, deps, d, secret);
      else await sendFtp(ctx, deps, d, secret);
    }
  } catch (err) {
    const reason = safeReason(err, [secret]);
    deps.log.error(
      { forwardingId: d.forwardingId, deliveryId: d.id, attempt: d.attempts, reason },
      'forwarding delivery failed',
    );
    const final = d.attempts >= MAX_ATTEMPTS;
    await markAttemptFailed(ctx.db, d, reason, final ? 'final' : deps.retryDelayMs(d.attempts));
    return final ? 'failed' : 'retried';
  }
  await markDelivered(ctx.db, d);
  return 'sent';
}

/**
 * One forwarding's claimed deliveries, one after the other (one connection at a time per target); after a
 * failure the rest wait as long as the failed one instead of failing against the same target.
 */
async function sendGroup(ctx: SendContext, deps: SendDeps, group: ClaimedDelivery[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [i, d] of group.entries()) {
    const outcome = await attempt(ctx, deps, d);
    outcomes.push(outcome);
    if (outcome === 'sent') continue;
    for (const rest of group.slice(i + 1)) await releaseDelivery(ctx.db, rest, deps.retryDelayMs(d.attempts));
    break;
  }
  return outcomes;
}

/**
 * Sends due deliveries until none is left (docs/forwarding.md "Delivery"): at least once per (forwarding,
 * report). A delivery is marked sent only after the target accepted it; a crash in between sends it once
 * more (receivers recognise it by its delivery id, mails by their Message-ID, files by their name).
 */
export async function sendDueForwardings(ctx: SendContext, deps: SendDeps): Promise<SendCounts> {
  const counts: SendCounts = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await claimDueDeliveries(ctx.db, BATCH, LEASE_MS, MAIL_GAP_MS);
    if (claimed.length === 0) break;
    const groups = new Map<number, ClaimedDelivery[]>();
    for (const d of claimed) groups.set(d.forwardingId, [...(groups.get(d.forwardingId) ?? []), d]);
    const results = await Promise.allSettled([...groups.values()].map((g) => sendGroup(ctx, deps, g)));
    for (const r of results) {
      if (r.status === 'rejected') throw r.reason;
      for (const outcome of r.value) counts[outcome] += 1;
    }
  }
  if (counts.sent + counts.retried + counts.failed > 0) deps.log.info({ ...counts }, 'forwarding deliveries');
  return counts;
}
