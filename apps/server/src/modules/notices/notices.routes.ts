import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  noticeCreateSchema,
  noticeHistoryQuerySchema,
  noticePageSchema,
  noticeReachSchema,
  noticeRecipientsQuerySchema,
  noticeRegionListSchema,
  noticeSentSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireManager } from '../../http/auth';
import { brandOf } from '../../http/brand';
import { translate } from '../../i18n';
import { listNotices, noticeReach, noticeRegions, sendNotice, type NoticeCaller } from './notices.service';

const managers = async (request: FastifyRequest) => void requireManager(request);

/**
 * Notices of an inspectorate (docs/notices.md): POST and GET admin/affiliateNotification, and ours:
 * GET admin/affiliateNotification/regions (what may be chosen) and …/recipients (how many it would reach).
 */
export async function noticesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const caller = (request: FastifyRequest): NoticeCaller => ({
    auth: requireManager(request),
    brand: brandOf(request, ctx.config),
  });

  r.get(
    '/admin/affiliateNotification/regions',
    { onRequest: managers, schema: { response: { 200: noticeRegionListSchema } } },
    (request) => noticeRegions(ctx, caller(request)),
  );

  r.get(
    '/admin/affiliateNotification/recipients',
    {
      onRequest: managers,
      schema: { querystring: noticeRecipientsQuerySchema, response: { 200: noticeReachSchema } },
    },
    (request) => noticeReach(ctx, caller(request), request.query.regionIds, request.query.channelTypes),
  );

  r.get(
    '/admin/affiliateNotification',
    {
      onRequest: managers,
      schema: { querystring: noticeHistoryQuerySchema, response: { 200: noticePageSchema } },
    },
    (request) => listNotices(ctx, caller(request), request.query),
  );

  r.post(
    '/admin/affiliateNotification',
    { onRequest: managers, schema: { body: noticeCreateSchema, response: { 200: noticeSentSchema } } },
    async (request) => {
      const sent = await sendNotice(ctx, caller(request), request.body);
      const message = translate(request.locale, 'notices:sent', {
        reached: sent.reached,
        recipients: sent.recipients,
        unreachable: sent.unreachable,
      });
      return { ...sent, message };
    },
  );
}
