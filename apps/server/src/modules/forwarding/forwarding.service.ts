import { FORWARDINGS_PER_CHANNEL_MAX, type Forwarding, type ForwardingCreate } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { OutboundRefused, resolveOutbound } from '../../lib/outbound';
import { accessTo, canWrite, readableController, writableController } from '../controllers/controller-access';
import {
  channelForwardings,
  deleteForwardingRow,
  forwardingById,
  insertForwarding,
  lockControllerForwardings,
  type ForwardingRow,
} from './forwarding.repository';
import { forwardingSecrets, hostToCheck, newForwarding } from './targets';

/**
 * The calls of forwardings (docs/forwarding.md "Calls"). Only the controller's owner and admins see and
 * change them: targets and delivery errors are private, so watchers and managers, who may read the
 * controller, get 403 for a channel's list and 404 for a forwarding; everybody else 404 for the controller.
 */

const notFound = () => new AppError(404, 'errors:forwardingNotFound');

export function toForwarding(row: ForwardingRow): Forwarding {
  return {
    id: row.id,
    controllerId: row.controllerId,
    channel: row.channel,
    kind: row.kind,
    target: row.target,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: row.lastError,
  };
}

/** GET controller/{id}/channel/{ch}/forwarding. */
export async function listForwardings(
  ctx: AppContext,
  auth: AuthContext,
  controllerId: number,
  channel: number,
): Promise<Forwarding[]> {
  const { access } = await readableController(ctx.db, controllerId, auth);
  if (!canWrite(access)) throw new AppError(403, 'errors:forbidden');
  return (await channelForwardings(ctx.db, controllerId, channel)).map(toForwarding);
}

/**
 * A target must be an outside system (docs/forwarding.md "Outside systems only"): its host is resolved and
 * every address checked now, and again before every delivery.
 */
async function checkTarget(ctx: AppContext, body: ForwardingCreate): Promise<void> {
  const host = hostToCheck(body);
  if (host === null) return;
  try {
    await resolveOutbound(host, ctx.config.forwarding.policy);
  } catch (err) {
    if (!(err instanceof OutboundRefused)) throw err;
    throw new AppError(
      400,
      err.reason === 'unresolved' ? 'errors:forwardingHostUnknown' : 'errors:forwardingTargetRefused',
    );
  }
}

/** POST controller/{id}/channel/{ch}/forwarding: the new forwarding and, for a URL, its signing key (once). */
export async function createForwarding(
  ctx: AppContext,
  auth: AuthContext,
  controllerId: number,
  channel: number,
  body: ForwardingCreate,
): Promise<{ forwarding: Forwarding; signingKey: string | null }> {
  await writableController(ctx.db, controllerId, auth);
  await checkTarget(ctx, body);
  const { row, signingKey } = newForwarding(
    controllerId,
    channel,
    body,
    forwardingSecrets(ctx.config.forwarding.secretKey),
  );
  const created = await ctx.db.transaction(async (tx) => {
    await lockControllerForwardings(tx, controllerId);
    const existing = await channelForwardings(tx, controllerId, channel);
    if (existing.some((f) => f.kind === row.kind && f.target === row.target))
      throw new AppError(409, 'errors:forwardingExists');
    if (existing.length >= FORWARDINGS_PER_CHANNEL_MAX)
      throw new AppError(400, 'errors:tooManyForwardings', { max: FORWARDINGS_PER_CHANNEL_MAX });
    return insertForwarding(tx, row);
  });
  return { forwarding: toForwarding(created), signingKey };
}

/** DELETE controller/forwarding/{id}: 404 for a forwarding the caller may not see. */
export async function deleteForwarding(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  const row = await forwardingById(ctx.db, id);
  if (!row) throw notFound();
  const access = await accessTo(ctx.db, row.controllerId, auth);
  if (!access || !canWrite(access)) throw notFound();
  await deleteForwardingRow(ctx.db, id);
}
