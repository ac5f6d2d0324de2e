import type { Queryable } from '../../db/queryable';
import { AppError } from '../../http/errors';
import { clearAttempts, countAttempts, recordAttempt } from './attempts.repository';

const MINUTE = 60_000;

/**
 * Limits of auth requests (docs/decisions.md). Login counts failures per (email, ip) pair and per ip, never
 * per email alone, so an attacker elsewhere cannot lock the owner of an address out.
 */
export const LIMITS = {
  login: { windowMs: 15 * MINUTE, perPair: 5, perIp: 30 },
  reset: { windowMs: 60 * MINUTE, perEmail: 3, perIp: 20 },
  register: { windowMs: 60 * MINUTE, perIp: 20 },
} as const;

const tooMany = () => new AppError(429, 'errors:tooManyRequests');

export async function assertLoginAllowed(db: Queryable, email: string, ip: string) {
  const { windowMs, perPair, perIp } = LIMITS.login;
  if ((await countAttempts(db, { kind: 'login', ip, email }, windowMs)) >= perPair) throw tooMany();
  if ((await countAttempts(db, { kind: 'login', ip }, windowMs)) >= perIp) throw tooMany();
}

export const recordLoginFailure = (db: Queryable, email: string, ip: string) =>
  recordAttempt(db, 'login', ip, email);

/** A successful login from this ip forgets the pair's failures. */
export const clearLoginFailures = (db: Queryable, email: string, ip: string) =>
  clearAttempts(db, 'login', ip, email);

/** Counts every reset request, per email (known or not: no oracle) and per ip. */
export async function takeResetSlot(db: Queryable, email: string, ip: string) {
  const { windowMs, perEmail, perIp } = LIMITS.reset;
  if ((await countAttempts(db, { kind: 'reset', email }, windowMs)) >= perEmail) throw tooMany();
  if ((await countAttempts(db, { kind: 'reset', ip }, windowMs)) >= perIp) throw tooMany();
  await recordAttempt(db, 'reset', ip, email);
}

export async function takeRegistrationSlot(db: Queryable, ip: string) {
  const { windowMs, perIp } = LIMITS.register;
  if ((await countAttempts(db, { kind: 'register', ip }, windowMs)) >= perIp) throw tooMany();
  await recordAttempt(db, 'register', ip);
}
