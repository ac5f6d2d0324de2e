import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageResponseSchema,
  shareCreateResponseSchema,
  shareCreateSchema,
  sharePageSchema,
  sharesQuerySchema,
  shareViewSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import { shareUnavailable, shareView } from './share-access';
import { createShare, deleteShare, listShares } from './shares.service';

/**
 * Shares (docs/shares.md): POST share, GET share, DELETE share/{id} for the owner of the scales, and (ours)
 * GET share/view, the public page's description of a share, answered only for X-Share-Token.
 */
export async function sharesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/share/view', { schema: { response: { 200: shareViewSchema } } }, (request) => {
    if (!request.shareToken) throw shareUnavailable();
    return shareView(ctx, request.shareToken);
  });

  // a paged list (docs/api-conventions.md "Lists and pagination"); the session is checked before the query
  r.get(
    '/share',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { querystring: sharesQuerySchema, response: { 200: sharePageSchema } },
    },
    (request) => listShares(ctx, requireUser(request), request.query),
  );

  r.post(
    '/share',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { body: shareCreateSchema, response: { 200: shareCreateResponseSchema } },
    },
    async (request) => {
      const created = await createShare(ctx, requireUser(request), request.body);
      return { message: translate(request.locale, 'sharing:created'), ...created };
    },
  );

  r.delete(
    '/share/:id',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { params: idParams, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deleteShare(ctx, requireUser(request), request.params.id);
      return { message: translate(request.locale, 'sharing:deleted') };
    },
  );
}
