import type { Queryable } from '../../db/queryable';
import { TooManyAttempts } from '../../http/errors';
import { clearCounter, countAttempt, uncountAttempt, type CounterSlot } from './attempts.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A limit: at most `max` counted attempts per key in a window of `windowMs` that starts at the first one. */
export type Limit = { kind: string; max: number; windowMs: number };

/**
 * Every limit of the app (docs/decisions.md "Rate limits"), all counted by `takeAttempt`. Logins count per
 * (email, ip) pair and per ip, never per email alone, so an attacker elsewhere cannot lock the owner of an
 * address out. Guessed secrets (IMSI/IMEI, watch codes, channel confirmation codes) count per user and per
 * ip. Messages to notification channels (confirmations, tests) count per user: each may be a paid SMS.
 */
export const LIMITS = {
  loginPair: { kind: 'login.pair', max: 5, windowMs: 15 * MINUTE },
  loginIp: { kind: 'login.ip', max: 30, windowMs: 15 * MINUTE },
  resetEmail: { kind: 'reset.email', max: 3, windowMs: HOUR },
  resetIp: { kind: 'reset.ip', max: 20, windowMs: HOUR },
  registerIp: { kind: 'register.ip', max: 20, windowMs: HOUR },
  controllerClaimUser: { kind: 'controllerClaim.user', max: 10, windowMs: HOUR },
  controllerClaimIp: { kind: 'controllerClaim.ip', max: 30, windowMs: HOUR },
  watchCodeUser: { kind: 'watchCode.user', max: 10, windowMs: HOUR },
  watchCodeIp: { kind: 'watchCode.ip', max: 30, windowMs: HOUR },
  channelCodeUser: { kind: 'channelCode.user', max: 10, windowMs: HOUR },
  channelCodeIp: { kind: 'channelCode.ip', max: 30, windowMs: HOUR },
  channelConfirmIp: { kind: 'channelConfirm.ip', max: 30, windowMs: HOUR },
  channelMessageUser: { kind: 'channelMessage.user', max: 20, windowMs: HOUR },
  channelTestUser: { kind: 'channelTest.user', max: 5, windowMs: HOUR },
  /** Notices of an inspectorate (docs/notices.md): each may be thousands of messages. */
  noticeSendUser: { kind: 'noticeSend.user', max: 10, windowMs: HOUR },
} as const satisfies Record<string, Limit>;

/** A counted attempt; `giveBack` un-counts it (on every counter) when it turned out not to count. */
export type Attempt = { giveBack: () => Promise<void> };

/**
 * The refusal of an attempt over a limit: it names the limit that was passed (the one that lifts last, when
 * several were) and how long until its window ends, so the caller knows what to wait for.
 */
function tooMany(over: { limit: Limit; expiresAt: Date }[], now = Date.now()) {
  const last = over.reduce((a, b) => (b.expiresAt > a.expiresAt ? b : a));
  return new TooManyAttempts(last.limit, Math.max(1, Math.ceil((last.expiresAt.getTime() - now) / 1000)));
}

/**
 * The one limiter. Counts the attempt on every (limit, key) at once, atomically and BEFORE the work, so N
 * parallel attempts never get more than `max` through: each sees its own count. Over any limit → the attempt
 * is given back everywhere and refused with 429 (refused attempts do not count). Call it outside a
 * transaction, so the count is visible to parallel requests at once.
 */
export async function takeAttempt(db: Queryable, checks: [Limit, string][]): Promise<Attempt> {
  const slots = await countAttempt(
    db,
    checks.map(([limit, key]) => ({ kind: limit.kind, key, windowMs: limit.windowMs })),
  );
  const limits = new Map(checks.map(([limit]) => [limit.kind, limit]));
  const giveBack = () => uncountAll(db, slots);
  const over = slots.flatMap((s) => {
    const limit = limits.get(s.kind);
    return limit && s.count > limit.max ? [{ limit, expiresAt: s.expiresAt }] : [];
  });
  if (over.length > 0) {
    await giveBack();
    throw tooMany(over);
  }
  return { giveBack };
}

async function uncountAll(db: Queryable, slots: CounterSlot[]) {
  for (const slot of slots) await uncountAttempt(db, slot);
}

/**
 * Runs `work` as one counted attempt that stays counted only when `work` fails with an error `counts` accepts
 * (a failed guess); success and other errors give it back.
 */
export async function attemptCountingFailures<T>(
  db: Queryable,
  checks: [Limit, string][],
  counts: (error: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> {
  const attempt = await takeAttempt(db, checks);
  try {
    const result = await work();
    await attempt.giveBack();
    return result;
  } catch (error) {
    if (!counts(error)) await attempt.giveBack();
    throw error;
  }
}

const pairKey = (email: string, ip: string) => `${ip} ${email}`;
const loginChecks = (email: string, ip: string): [Limit, string][] => [
  [LIMITS.loginPair, pairKey(email, ip)],
  [LIMITS.loginIp, ip],
];

/** A login (or current-password check): failures stay counted, the caller gives a success back. */
export const takeLoginAttempt = (db: Queryable, email: string, ip: string) =>
  takeAttempt(db, loginChecks(email, ip));

/** A successful login from this ip forgets the pair's failures. */
export const clearLoginFailures = (db: Queryable, email: string, ip: string) =>
  clearCounter(db, { kind: LIMITS.loginPair.kind, key: pairKey(email, ip) });

/** Counts every reset request, per email (known or not: no oracle) and per ip. */
export const takeResetSlot = (db: Queryable, email: string, ip: string) =>
  takeAttempt(db, [
    [LIMITS.resetEmail, email],
    [LIMITS.resetIp, ip],
  ]);

/** Counts every registration per ip. */
export const takeRegistrationSlot = (db: Queryable, ip: string) => takeAttempt(db, [[LIMITS.registerIp, ip]]);
