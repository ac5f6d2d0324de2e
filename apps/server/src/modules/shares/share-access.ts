import crypto from 'node:crypto';
import {
  interventionListSchema,
  seriesResponseSchema,
  type InterventionListQuery,
  type SeriesQuery,
  type ShareView,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { listInterventions } from '../interventions/interventions.service';
import { getSeries } from '../series/series.service';
import { scaleTargets } from '../series/targets';
import { shareRange, withinRange } from './share-range';
import { TtlCache } from './share-cache';
import { SharedPayload } from './shared-payload';
import { findShareByTokenHash, shareExists, type ShareRow } from './shares.repository';

/**
 * What a share token may read (docs/shares.md "What a token can read"): the share's own view, and GET series /
 * GET intervention for its scales (and their controllers), its series and inside its range — nothing else,
 * never a write. Reads run with the rights of the share's owner, so a scale the owner no longer owns (or
 * that was removed or archived) makes the share unavailable. Both the token's share and the answers are
 * cached for a short time, so a live feed opened by many viewers costs one read per minute; whether the share
 * still exists is asked of the database on every request, so a deletion holds on every server at once
 * (docs/shares.md "Caching").
 */

const TTL_MS = 30_000;

type Resolved = {
  row: ShareRow;
  owner: AuthContext;
  scales: { id: number; name: string; controllerId: number }[];
  controllers: number[];
  timeZone: string;
  /** what the token may read, as sets (checked on every request) */
  allowed: { scales: Set<number>; controllers: Set<number>; series: Set<string> };
};

type Caches = { shares: TtlCache<Resolved | null>; reads: TtlCache<SharedPayload> };
const cachesOf = new WeakMap<object, Caches>();

function caches(ctx: AppContext): Caches {
  let found = cachesOf.get(ctx.db);
  if (!found) {
    found = { shares: new TtlCache(TTL_MS, 10_000), reads: new TtlCache(TTL_MS, 2_000) };
    cachesOf.set(ctx.db, found);
  }
  return found;
}

export const shareUnavailable = () => new AppError(404, 'errors:shareUnavailable');
const outOfScope = () => new AppError(403, 'errors:forbidden');
const hash = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** A deleted share: its token and its cached answers go at once. */
export function dropShare(ctx: AppContext, share: { id: number; tokenHash: string }) {
  const c = caches(ctx);
  c.shares.dropPrefix(share.tokenHash);
  c.reads.dropPrefix(`${share.id}|`);
}

async function load(ctx: AppContext, tokenHash: string): Promise<Resolved | null> {
  const row = await findShareByTokenHash(ctx.db, tokenHash);
  if (!row) return null;
  const owner: AuthContext = {
    userId: row.ownerId,
    sessionId: '',
    email: '',
    admin: false,
    role: Number.MAX_SAFE_INTEGER,
    manager: false,
    affiliationId: null,
    locale: 'de',
  };
  let targets;
  try {
    targets = await scaleTargets(ctx, owner, row.scaleIds);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
  if (targets.some((t) => t.access !== 'owner' || t.scale.state === 'archived')) return null;
  const first = targets[0];
  if (!first) return null;
  const controllers = [...new Set(targets.map((t) => t.controllerId))];
  return {
    row,
    owner,
    scales: targets.map((t) => ({ id: t.scale.id, name: t.scale.name, controllerId: t.controllerId })),
    controllers,
    timeZone: first.timeZone,
    allowed: {
      scales: new Set(row.scaleIds),
      controllers: new Set(controllers),
      series: new Set<string>(row.series),
    },
  };
}

/** The share of a token, or 404 "The share might have been removed or misconfigured". */
export async function resolveShare(ctx: AppContext, token: string): Promise<Resolved> {
  // a token is 43 base64url characters; anything else cannot be one (and is not looked up)
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw shareUnavailable();
  const tokenHash = hash(token);
  const c = caches(ctx);
  const resolved = await c.shares.get(tokenHash, () => load(ctx, tokenHash));
  if (!resolved) throw shareUnavailable();
  // The cache is this process's; the share may have been deleted through another app server meanwhile.
  if (!(await shareExists(ctx.db, resolved.row.id))) {
    dropShare(ctx, { id: resolved.row.id, tokenHash });
    throw shareUnavailable();
  }
  return resolved;
}

function rangeOf(share: Resolved) {
  return shareRange(share.row, share.timeZone, Date.now());
}

/** GET share/view: what the public page draws. */
export async function shareView(ctx: AppContext, token: string): Promise<ShareView> {
  const share = await resolveShare(ctx, token);
  return {
    type: share.row.type,
    description: share.row.description,
    scales: share.scales,
    controllers: share.controllers,
    series: share.row.series,
    ...rangeOf(share),
    days: share.row.days,
  };
}

function checkScope(
  share: Resolved,
  q: { scales?: number[]; controllers?: number[]; series?: string[]; xmin: number; xmax: number },
) {
  const { scales, controllers, series } = share.allowed;
  if ((q.scales ?? []).some((id) => !scales.has(id))) throw outOfScope();
  if ((q.controllers ?? []).some((id) => !controllers.has(id))) throw outOfScope();
  if ((q.series ?? []).some((name) => !series.has(name))) throw outOfScope();
  if (!withinRange(q, rangeOf(share), share.row.type !== 'fixed')) throw outOfScope();
}

const keyOf = (share: Resolved, what: string, q: object) => `${share.row.id}|${what}|${JSON.stringify(q)}`;

/** GET series with X-Share-Token: the answer checked against its schema and serialised once per cache period. */
export async function sharedSeries(
  ctx: AppContext,
  token: string,
  query: SeriesQuery,
): Promise<SharedPayload> {
  const share = await resolveShare(ctx, token);
  checkScope(share, query);
  return caches(ctx).reads.get(keyOf(share, 'series', query), async () => {
    const answer = seriesResponseSchema.parse(await getSeries(ctx, share.owner, query));
    return new SharedPayload(JSON.stringify(answer));
  });
}

/** GET intervention with X-Share-Token: read-only (never editable). */
export async function sharedInterventions(
  ctx: AppContext,
  token: string,
  query: InterventionListQuery,
): Promise<SharedPayload> {
  const share = await resolveShare(ctx, token);
  checkScope(share, query);
  return caches(ctx).reads.get(keyOf(share, 'interventions', query), async () => {
    const list = (await listInterventions(ctx, share.owner, query)).map((i) => ({ ...i, editable: false }));
    return new SharedPayload(JSON.stringify(interventionListSchema.parse(list)));
  });
}
