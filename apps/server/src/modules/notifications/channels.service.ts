import crypto from 'node:crypto';
import {
  MAX_CHANNELS_PER_USER,
  type ChannelType,
  type NotificationChannel,
  type NotificationChannelCreate,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import type { SmsProvider } from '../../sms/sms';
import { attemptCountingFailures, LIMITS, takeAttempt } from '../session/rate-limit';
import { confirmMail, confirmSms, testMail, testSms } from './channels.messages';
import {
  channelOfUser,
  channelsOfUser,
  confirmChannel,
  confirmedChannels,
  deleteChannel,
  insertChannel,
  insertConfirmedMailChannel,
  markChannelWorking,
  setConfirmation,
  type ChannelRecord,
} from './channels.repository';

/** The adapters a channel's messages go out through (the same the alarm send job uses). */
export type ChannelSenders = { mailer: Mailer; sms: SmsProvider | null };

/** A confirmation link or code is valid this long. */
export const CONFIRM_HOURS = 24;

const notFound = () => new AppError(404, 'errors:channelNotFound');
const invalidConfirmation = () => new AppError(400, 'errors:invalidConfirmation');
const sendFailed = () => new AppError(502, 'errors:sendFailed');

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex');
/** A code is hashed with its channel, so equal codes of two channels never share a hash. */
const codeHash = (channelId: number, code: string) => sha256(`sms:${channelId}:${code}`);
const tokenHash = (token: string) => sha256(`mail:${token}`);

function toChannel(r: ChannelRecord): NotificationChannel {
  return {
    id: r.id,
    type: r.type,
    address: r.address,
    status: r.status,
    lastError: r.status === 'failing' ? r.lastError : null,
    createdAt: r.createdAt.toISOString(),
  };
}

async function ownChannel(ctx: AppContext, auth: AuthContext, id: number): Promise<ChannelRecord> {
  const channel = await channelOfUser(ctx.db, auth.userId, id);
  if (!channel) throw notFound();
  return channel;
}

/** The user's own messages to channels (confirmations, tests) may each be a paid SMS: counted per user. */
async function countedSend<T>(ctx: AppContext, auth: AuthContext, work: () => Promise<T>): Promise<T> {
  const attempt = await takeAttempt(ctx.db, [[LIMITS.channelMessageUser, `user:${auth.userId}`]]);
  try {
    return await work();
  } catch (error) {
    // refused before anything was sent (404, 409, 400): not counted
    if (error instanceof AppError && error.status < 500) await attempt.giveBack();
    throw error;
  }
}

/**
 * Sends a fresh confirmation: a link (≥ 256 bits, stored hashed) by mail, a six-digit code (stored hashed
 * with the channel id) by SMS; valid CONFIRM_HOURS, the previous one stops working (it is stored before the
 * send, so a fast reader never meets the old one). Throws 502 when the provider refused.
 */
async function sendConfirmation(
  ctx: AppContext,
  senders: ChannelSenders,
  auth: AuthContext,
  c: ChannelRecord,
) {
  const expires = new Date(Date.now() + CONFIRM_HOURS * 3_600_000);
  try {
    if (c.type === 'email') {
      const token = crypto.randomBytes(32).toString('base64url');
      const link = `${ctx.config.publicUrl}/notifications/confirm?token=${token}`;
      await setConfirmation(ctx.db, c.id, tokenHash(token), expires);
      await senders.mailer.deliver(confirmMail(auth.locale, c.address, link, CONFIRM_HOURS));
    } else {
      if (!senders.sms) throw new AppError(400, 'errors:smsUnavailable');
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      await setConfirmation(ctx.db, c.id, codeHash(c.id, code), expires);
      await senders.sms.send(c.address, confirmSms(auth.locale, code, CONFIRM_HOURS));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw sendFailed();
  }
}

/** GET notification. */
export async function listChannels(ctx: AppContext, auth: AuthContext): Promise<NotificationChannel[]> {
  return (await channelsOfUser(ctx.db, auth.userId)).map(toChannel);
}

/**
 * POST notification: a pending channel and its confirmation. At most MAX_CHANNELS_PER_USER; an address once
 * per type (e-mail addresses compared in lower case). When the confirmation cannot be sent the channel is
 * removed again (502).
 */
export async function addChannel(
  ctx: AppContext,
  senders: ChannelSenders,
  auth: AuthContext,
  body: NotificationChannelCreate,
): Promise<number> {
  if (body.type === 'sms' && !senders.sms) throw new AppError(400, 'errors:smsUnavailable');
  const address = body.type === 'email' ? body.address.toLowerCase() : body.address;
  return countedSend(ctx, auth, async () => {
    const result = await ctx.db.transaction((tx) =>
      insertChannel(tx, { userId: auth.userId, type: body.type, address, max: MAX_CHANNELS_PER_USER }),
    );
    if (result === 'tooMany')
      throw new AppError(400, 'errors:tooManyChannels', { max: MAX_CHANNELS_PER_USER });
    if (result === 'exists') throw new AppError(409, 'errors:channelExists');
    const channel = await ownChannel(ctx, auth, result.id);
    try {
      await sendConfirmation(ctx, senders, auth, channel);
    } catch (error) {
      await deleteChannel(ctx.db, auth.userId, result.id);
      throw error;
    }
    return result.id;
  });
}

/** POST notification/{id}/remove (its pending deliveries go with it). */
export async function removeChannel(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  if (!(await deleteChannel(ctx.db, auth.userId, id))) throw notFound();
}

/** POST notification/{id}/resend: a new confirmation for a pending channel. */
export async function resendConfirmation(
  ctx: AppContext,
  senders: ChannelSenders,
  auth: AuthContext,
  id: number,
): Promise<void> {
  await countedSend(ctx, auth, async () => {
    const channel = await ownChannel(ctx, auth, id);
    if (channel.status !== 'pending') throw new AppError(409, 'errors:channelAlreadyConfirmed');
    await sendConfirmation(ctx, senders, auth, channel);
  });
}

/**
 * POST notification/{id}/test: a test message straight through the adapters (not the queue) to a confirmed
 * channel; at most LIMITS.channelTestUser per hour. Accepted: a failing channel is active again.
 */
export async function testChannel(
  ctx: AppContext,
  senders: ChannelSenders,
  auth: AuthContext,
  id: number,
): Promise<void> {
  const channel = await ownChannel(ctx, auth, id);
  if (channel.status === 'pending') throw new AppError(409, 'errors:channelNotActive');
  if (channel.type === 'sms' && !senders.sms) throw new AppError(400, 'errors:smsUnavailable');
  await takeAttempt(ctx.db, [[LIMITS.channelTestUser, `user:${auth.userId}`]]);
  try {
    if (channel.type === 'email') await senders.mailer.deliver(testMail(auth.locale, channel.address));
    else await senders.sms?.send(channel.address, testSms(auth.locale));
  } catch {
    throw sendFailed();
  }
  await markChannelWorking(ctx.db, channel.id);
}

const failedGuess = (error: unknown) => error instanceof AppError && error.status === 400;

/** POST notification/{id}/confirm { code }: wrong codes count per user and per ip (shared limiter). */
export async function confirmByCode(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  code: string,
  ip: string,
): Promise<void> {
  const checks: Parameters<typeof attemptCountingFailures>[1] = [
    [LIMITS.channelCodeUser, `user:${auth.userId}`],
    [LIMITS.channelCodeIp, ip],
  ];
  await attemptCountingFailures(ctx.db, checks, failedGuess, async () => {
    await ownChannel(ctx, auth, id);
    const ok = await confirmChannel(ctx.db, codeHash(id, code), { userId: auth.userId, id });
    if (!ok) throw invalidConfirmation();
  });
}

/** POST notification/confirm { token }: the mail link, from any device (no login needed). */
export async function confirmByToken(ctx: AppContext, token: string, ip: string): Promise<void> {
  await attemptCountingFailures(ctx.db, [[LIMITS.channelConfirmIp, ip]], failedGuess, async () => {
    if (!(await confirmChannel(ctx.db, tokenHash(token)))) throw invalidConfirmation();
  });
}

/**
 * The demo beekeeper's alarms go to their own account address (docs/demo.md): no confirmation mail, since
 * the account was made with that address by the system itself.
 */
export function addAccountMailChannel(ctx: AppContext, userId: number, address: string): Promise<void> {
  return insertConfirmedMailChannel(ctx.db, userId, address);
}

/**
 * The channels a notice goes out on (docs/notices.md "Recipients"): the confirmed ones (active or failing,
 * as for alarms) of these users, of these types; deactivated accounts get nothing.
 */
export function noticeChannelsOf(
  ctx: AppContext,
  userIds: number[],
  types: ChannelType[],
): Promise<{ id: number; userId: number; type: ChannelType }[]> {
  return confirmedChannels(ctx.db, userIds, types);
}
