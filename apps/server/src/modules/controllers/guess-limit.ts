import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Queryable } from '../../db/queryable';
import { attemptCountingFailures, LIMITS, type Limit } from '../session/rate-limit';

export type GuessKind = 'controllerClaim' | 'watchCode';

/**
 * Failed controller registrations (IMSI/IMEI) and unknown watch codes are secrets being guessed: at most
 * 10 failures per user and 30 per ip address in an hour, then 429 (the shared limiter, docs/decisions.md).
 */
const GUESS_LIMITS: Record<GuessKind, { user: Limit; ip: Limit }> = {
  controllerClaim: { user: LIMITS.controllerClaimUser, ip: LIMITS.controllerClaimIp },
  watchCode: { user: LIMITS.watchCodeUser, ip: LIMITS.watchCodeIp },
};
export const GUESS_LIMIT = { perUser: LIMITS.controllerClaimUser.max, perIp: LIMITS.controllerClaimIp.max };

/** A 400/404 answer is a failed guess. */
const failedGuess = (error: unknown) =>
  error instanceof AppError && (error.status === 400 || error.status === 404);

/** Runs `action` as one guess, counted before it runs; it stays counted only when it fails (400/404). */
export function countingFailures<T>(
  db: Queryable,
  kind: GuessKind,
  auth: AuthContext,
  ip: string,
  action: () => Promise<T>,
): Promise<T> {
  const limits = GUESS_LIMITS[kind];
  return attemptCountingFailures(
    db,
    [
      [limits.user, `user:${auth.userId}`],
      [limits.ip, ip],
    ],
    failedGuess,
    action,
  );
}
