import crypto from 'node:crypto';
import type { Share, ShareCreate, ShareCreateResponse, SharePage, SharesQuery } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import { scaleRecords } from '../scales/scales.service';
import { scaleTargets } from '../series/targets';
import { dropShare } from './share-access';
import { mapLinkBox, shareUrl } from './share-links';
import {
  deleteShareOf,
  insertShare,
  listSharePage,
  mapLinkTokens,
  shareSortType,
  type ShareRow,
} from './shares.repository';

/** Shares of one's own scales (docs/shares.md): POST share, GET share, DELETE share/{id}. */

/** 32 random bytes (256 bits), base64url: the link's token. Only its SHA-256 is stored. */
export const newShareToken = () => crypto.randomBytes(32).toString('base64url');
export const hashShareToken = (token: string) =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

const shareNotFound = () => new AppError(404, 'errors:shareNotFound');

function toShare(row: ShareRow, names: Map<number, string>): Share {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    description: row.description,
    issuedAt: row.createdAt.toISOString(),
    xmin: row.rangeFrom ? row.rangeFrom.getTime() / 1000 : null,
    xmax: row.rangeTo ? row.rangeTo.getTime() / 1000 : null,
    days: row.days,
    scales: row.scaleIds.map((id) => ({ id, name: names.get(id) ?? '' })),
    series: row.series,
    publicOnMap: row.publicOnMap,
  };
}

/** Only the owner of every listed scale may share it; archived scales (the archive) cannot be shared. */
async function ownScales(ctx: AppContext, auth: AuthContext, ids: number[]) {
  const targets = await scaleTargets(ctx, auth, ids);
  for (const t of targets) {
    if (t.access === 'watcher') throw new AppError(403, 'errors:readOnlyWatch');
    if (t.access !== 'owner') throw new AppError(403, 'errors:forbidden');
    if (t.scale.state === 'archived') throw new AppError(400, 'errors:shareArchived');
  }
  return targets;
}

export async function createShare(
  ctx: AppContext,
  auth: AuthContext,
  body: ShareCreate,
): Promise<Omit<ShareCreateResponse, 'message'>> {
  const targets = await ownScales(ctx, auth, body.scales);
  const token = newShareToken();
  // the contract allows it for live feeds only; only then is the token kept (sealed), for the public map
  const onMap = body.type === 'live' && body.publicOnMap === true;
  const row = await insertShare(ctx.db, {
    ownerId: auth.userId,
    tokenHash: hashShareToken(token),
    type: body.type,
    kind: body.kind,
    description: body.description,
    scaleIds: body.scales,
    series: body.series,
    rangeFrom: body.type === 'fixed' && body.xmin !== undefined ? new Date(body.xmin * 1000) : null,
    rangeTo: body.type === 'fixed' && body.xmax !== undefined ? new Date(body.xmax * 1000) : null,
    days: body.type === 'live' ? (body.days ?? null) : null,
    publicOnMap: onMap,
    tokenSealed: onMap ? mapLinkBox(ctx).seal(token) : null,
  });
  const share = toShare(row, new Map(targets.map((t) => [t.scale.id, t.scale.name])));
  return { share, token, url: shareUrl(ctx.config.publicUrl, row.type, token) };
}

/** GET share: a page of the caller's own shares (docs/api-conventions.md "Lists and pagination"). */
export async function listShares(ctx: AppContext, auth: AuthContext, query: SharesQuery): Promise<SharePage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, shareSortType(query.sort));
  const rows = await listSharePage(ctx.db, {
    ...query,
    ownerId: auth.userId,
    cursor,
    words: searchWords(query.q),
  });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  const ids = [...new Set(page.rows.flatMap((r) => r.scaleIds))];
  const names = new Map<number, string>();
  if (ids.length > 0) {
    for (const [id, rec] of await scaleRecords(ctx, ids)) names.set(id, rec.name);
  }
  return { items: page.rows.map((r) => toShare(r, names)), nextCursor: page.nextCursor };
}

export async function deleteShare(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const deleted = await deleteShareOf(ctx.db, id, auth.userId);
  if (!deleted) throw shareNotFound();
  dropShare(ctx, deleted);
}

/**
 * The public map's live-share links, by controller id (docs/maps.md "Live share link"): for each controller
 * the newest working live feed linked from the map that its owner made of its scales, unsealed into its URL.
 * A token that no longer opens (FORWARD_SECRET_KEY changed) gives no link: the owner shares again.
 */
export async function mapShareUrls(ctx: AppContext, controllerIds: number[]): Promise<Map<number, string>> {
  const rows = await mapLinkTokens(ctx.db, controllerIds);
  const box = mapLinkBox(ctx);
  const urls = new Map<number, string>();
  for (const row of rows) {
    try {
      urls.set(row.controller_id, shareUrl(ctx.config.publicUrl, 'live', box.open(row.token_sealed)));
    } catch {
      // sealed with another key: no link rather than a broken one
    }
  }
  return urls;
}
