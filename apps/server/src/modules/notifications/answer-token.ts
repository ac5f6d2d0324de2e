import crypto from 'node:crypto';
import type { AlarmAnswer } from '@hivescope/contract';

/**
 * The signed token of an alarm mail's answer link (docs/alarms.md "Answers"): `<event id>.<expiry in epoch
 * seconds>.<HMAC-SHA256>` (base64url). The HMAC key is derived (HKDF-SHA256, purpose `alarm-answer`) from the
 * operator secret `config.secretKey`, as the sealed secrets of lib/secret-box.ts are, so it shares no key with
 * them. Nothing is stored for a token: it is single use because the link records an answer only while the
 * event has none.
 */

/** How long a mail's link works. */
export const ANSWER_LINK_TTL_MS = 14 * 86_400_000;
const PURPOSE = 'alarm-answer';

const keyOf = (operatorSecret: string) =>
  Buffer.from(crypto.hkdfSync('sha256', operatorSecret, 'hivescope', PURPOSE, 32));

const mac = (operatorSecret: string, payload: string) =>
  crypto.createHmac('sha256', keyOf(operatorSecret)).update(`${PURPOSE}:${payload}`).digest('base64url');

/** A token for this event, working until `now` + 14 days. */
export function signAnswerToken(operatorSecret: string, eventId: number, now: Date): string {
  const expires = Math.floor((now.getTime() + ANSWER_LINK_TTL_MS) / 1000);
  const payload = `${eventId}.${expires}`;
  return `${payload}.${mac(operatorSecret, payload)}`;
}

export type CheckedToken =
  { ok: true; eventId: number; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

/** The event a token names, if its signature holds (checked first: a forged expiry is "invalid") and it has not expired. */
export function checkAnswerToken(operatorSecret: string, token: string, now: Date): CheckedToken {
  const m = /^(\d{1,16})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'invalid' };
  const [, id, expires, given] = m as unknown as [string, string, string, string];
  const expected = Buffer.from(mac(operatorSecret, `${id}.${expires}`));
  const got = Buffer.from(given);
  if (got.length !== expected.length || !crypto.timingSafeEqual(got, expected))
    return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, eventId: Number(id), expiresAt };
}

/** The public page of the link, `answer` preselected: `PUBLIC_URL/alarm-answer?token=…&answer=yes|no`. */
export function answerLink(publicUrl: string, token: string, answer: AlarmAnswer): string {
  return `${publicUrl}/alarm-answer?token=${encodeURIComponent(token)}&answer=${answer}`;
}
