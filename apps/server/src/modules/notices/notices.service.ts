import {
  BRANDS,
  type BrandId,
  type ChannelType,
  type Notice,
  type NoticeCreate,
  type NoticePage,
  type NoticeReach,
  type NoticeRegion,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError, forbidden } from '../../http/errors';
import { noticeChannelsOf } from '../notifications/channels.service';
import { ownersInRegions, regionChoices } from '../regions/members';
import { LIMITS, takeAttempt } from '../session/rate-limit';
import { NOTICE_SEND_QUEUE } from './send.job';
import {
  activeUserIds,
  affiliationName,
  insertNotice,
  noticeHistory,
  type HistoryRecord,
} from './notices.repository';

/** Who calls, and on which brand (the host, http/brand.ts). */
export type NoticeCaller = { auth: AuthContext; brand: BrandId };

/**
 * Admins always; managers (role ≤ 2 with an affiliation) only on the veterinary brand (docs/notices.md
 * "Who"). Ordinary users never reach this: the routes let only managers and admins in.
 */
function checkCaller({ auth, brand }: NoticeCaller): void {
  if (auth.admin) return;
  if (!auth.manager || auth.affiliationId === null) throw forbidden();
  if (brand !== BRANDS.veterinary) throw new AppError(403, 'errors:noticeVeterinaryOnly');
}

/** The affiliation a notice goes out for: a manager's own; an admin's choice (null: none), else their own. */
async function affiliationOf(ctx: AppContext, auth: AuthContext, requested: number | null | undefined) {
  if (!auth.admin) {
    if (requested !== undefined && requested !== null && requested !== auth.affiliationId) throw forbidden();
    return auth.affiliationId;
  }
  const id = requested === undefined ? auth.affiliationId : requested;
  if (id !== null && (await affiliationName(ctx.db, id)) === null)
    throw new AppError(404, 'errors:affiliationNotFound');
  return id;
}

type Reach = NoticeReach & { channels: { id: number; userId: number }[] };

/**
 * Who a notice reaches (docs/notices.md "Recipients"): the active owners of controllers located in the
 * regions, each on their confirmed channels of the chosen types. A region that is neither global nor the
 * sender's own is refused (400), as is SMS when it is not configured.
 */
async function reachOf(
  ctx: AppContext,
  auth: AuthContext,
  regionIds: number[],
  types: ChannelType[],
): Promise<Reach> {
  if (types.includes('sms') && !ctx.config.sms) throw new AppError(400, 'errors:smsUnavailable');
  const owners = await ownersInRegions(ctx, auth.userId, regionIds);
  if (owners === null) throw new AppError(400, 'errors:noticeRegionNotFound');
  const users = await activeUserIds(ctx.db, owners);
  const channels = await noticeChannelsOf(ctx, users, types);
  const reached = new Set(channels.map((c) => c.userId)).size;
  return {
    recipients: users.length,
    reached,
    unreachable: users.length - reached,
    deliveries: channels.length,
    channels,
  };
}

/** GET admin/affiliateNotification/regions: the global regions and the caller's own. */
export async function noticeRegions(ctx: AppContext, caller: NoticeCaller): Promise<NoticeRegion[]> {
  checkCaller(caller);
  return regionChoices(ctx, caller.auth.userId);
}

/** GET admin/affiliateNotification/recipients: how many a notice would reach (nothing is stored). */
export async function noticeReach(
  ctx: AppContext,
  caller: NoticeCaller,
  regionIds: number[],
  types: ChannelType[],
): Promise<NoticeReach> {
  checkCaller(caller);
  const { channels: _channels, ...reach } = await reachOf(ctx, caller.auth, regionIds, types);
  return reach;
}

/**
 * POST admin/affiliateNotification: stores the notice with one pending delivery per channel and nudges
 * the `notice-send` job. Nobody reachable → 400, nothing stored. Counted per sender (LIMITS.noticeSendUser);
 * a refused notice is not counted.
 */
export async function sendNotice(
  ctx: AppContext,
  caller: NoticeCaller,
  body: NoticeCreate,
): Promise<NoticeReach & { id: number }> {
  checkCaller(caller);
  const { auth } = caller;
  const affiliationId = await affiliationOf(ctx, auth, body.affiliationId);
  const attempt = await takeAttempt(ctx.db, [[LIMITS.noticeSendUser, `user:${auth.userId}`]]);
  try {
    const { channels, ...reach } = await reachOf(ctx, auth, body.regionIds, body.channelTypes);
    if (reach.reached === 0) throw new AppError(400, 'errors:noticeNobodyReached');
    const id = await insertNotice(ctx.db, {
      affiliationId,
      senderId: auth.userId,
      regionIds: body.regionIds,
      channelTypes: body.channelTypes,
      message: body.message,
      recipients: reach.recipients,
      deliveries: channels.map((c) => ({ channelId: c.id, userId: c.userId })),
    });
    if (ctx.queue) await ctx.queue.nudge(NOTICE_SEND_QUEUE);
    return { id, ...reach };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await attempt.giveBack();
    throw error;
  }
}

const toNotice = (r: HistoryRecord): Notice => ({ ...r, createdAt: r.createdAt.toISOString() });

/**
 * GET admin/affiliateNotification: newest first. Managers get their own affiliation's notices (asking for
 * another one is 403); admins all, or one affiliation's.
 */
export async function listNotices(
  ctx: AppContext,
  caller: NoticeCaller,
  query: { affiliationId?: number | undefined; limit: number; before?: number | undefined },
): Promise<NoticePage> {
  checkCaller(caller);
  const { auth } = caller;
  if (!auth.admin && query.affiliationId !== undefined && query.affiliationId !== auth.affiliationId)
    throw forbidden();
  const affiliationId = auth.admin ? query.affiliationId : (auth.affiliationId ?? undefined);
  const rows = await noticeHistory(ctx.db, { affiliationId, limit: query.limit + 1, before: query.before });
  const page = rows.slice(0, query.limit);
  return {
    notices: page.map(toNotice),
    next: rows.length > query.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
