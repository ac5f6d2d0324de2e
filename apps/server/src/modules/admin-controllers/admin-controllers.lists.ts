import type { z } from 'zod';
import type {
  adminControllersQuerySchema,
  AdminControllerPage,
  AffiliatedControllerPage,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError, badRequest } from '../../http/errors';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import { isPgId } from '../../lib/pg-range';
import { toAdminRow } from './admin-controllers.mapper';
import {
  controllerSortType,
  listControllerPage,
  type ControllerPageQuery,
} from './admin-controllers.repository';

type ControllerListQuery = z.output<typeof adminControllersQuerySchema>;

/** One page of controllers; `credentials` false (managers) hides IMSI and IMEI from search and sort. */
async function controllerPage(
  ctx: AppContext,
  query: ControllerListQuery,
  affiliation: ControllerPageQuery['affiliation'],
  credentials: boolean,
) {
  if (!credentials && query.sort === 'imsi') throw badRequest('errors:listSort');
  const cursor = decodeCursor(query.cursor, query.sort, query.order, controllerSortType(query.sort));
  const rows = await listControllerPage(ctx.db, {
    ...query,
    affiliation,
    credentials,
    cursor,
    words: searchWords(query.q),
  });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.c.id }));
  const now = new Date();
  return { items: page.rows.map((r) => toAdminRow(r, now)), nextCursor: page.nextCursor };
}

/** GET admin/controllers: a page of every controller (docs/api-conventions.md "Lists and pagination"). */
export function listAdminControllers(
  ctx: AppContext,
  query: ControllerListQuery,
): Promise<AdminControllerPage> {
  return controllerPage(ctx, query, 'all', true);
}

/** Managers see their own affiliation only (also when they give no id); admins any, or all affiliated ones. */
export async function listAffiliatedControllers(
  ctx: AppContext,
  auth: AuthContext,
  query: ControllerListQuery & { affiliationId?: number | undefined },
): Promise<AffiliatedControllerPage> {
  const { affiliationId } = query;
  const id = auth.admin ? affiliationId : (auth.affiliationId ?? undefined);
  if (!auth.admin && affiliationId !== undefined && affiliationId !== auth.affiliationId) {
    throw new AppError(403, 'errors:forbidden');
  }
  if (id !== undefined && !isPgId(id)) return { items: [], nextCursor: null }; // no such affiliation can exist
  const page = await controllerPage(ctx, query, id ?? 'affiliated', auth.admin);
  // IMSI+IMEI let anyone claim an unowned controller: managers only read, so they do not get them.
  if (auth.admin) return page;
  const items = page.items.map((r) => ({ ...r, imsi: null, imei: null, reportedImei: null, msisdn: null }));
  return { items, nextCursor: page.nextCursor };
}
