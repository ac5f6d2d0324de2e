import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Queryable } from '../../db/queryable';
import { countGuesses, recordGuess, type GuessKind } from './guess-limit.repository';

/**
 * Failed controller registrations (IMSI/IMEI) and unknown watch codes are secrets being guessed: at most
 * 10 failures per user and 30 per ip address in an hour, then 429 (kept in auth_attempts, shared by instances).
 */
export const GUESS_LIMIT = { windowMs: 3600_000, perUser: 10, perIp: 30 } as const;

const userKey = (auth: AuthContext) => `user:${auth.userId}`;

export async function assertGuessAllowed(db: Queryable, kind: GuessKind, auth: AuthContext, ip: string) {
  const { windowMs, perUser, perIp } = GUESS_LIMIT;
  if (
    (await countGuesses(db, kind, { user: userKey(auth) }, windowMs)) >= perUser ||
    (await countGuesses(db, kind, { ip }, windowMs)) >= perIp
  ) {
    throw new AppError(429, 'errors:tooManyRequests');
  }
}

/** Runs `action`; a 400/404 answer counts as a failed guess. */
export async function countingFailures<T>(
  db: Queryable,
  kind: GuessKind,
  auth: AuthContext,
  ip: string,
  action: () => Promise<T>,
): Promise<T> {
  await assertGuessAllowed(db, kind, auth, ip);
  try {
    return await action();
  } catch (error) {
    if (error instanceof AppError && (error.status === 400 || error.status === 404)) {
      await recordGuess(db, kind, userKey(auth), ip);
    }
    throw error;
  }
}
