import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forwardingCreateSchema,
  forwardingCreatedSchema,
  forwardingListSchema,
  messageResponseSchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { idParam, idParams } from '../../http/params';
import { translate } from '../../i18n';
import { createForwarding, deleteForwarding, listForwardings } from './forwarding.service';

const channelParams = z.object({
  id: idParam,
  ch: z.coerce
    .number({ message: 'errors:channelRange' })
    .int({ message: 'errors:channelRange' })
    .min(1, { message: 'errors:channelRange' })
    .max(8, { message: 'errors:channelRange' }),
});

/**
 * Forwardings of a controller channel (docs/forwarding.md "Calls"): GET and POST
 * controller/{id}/channel/{ch}/forwarding, DELETE controller/forwarding/{id}.
 */
export async function forwardingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onRequest', async (request) => void requireUser(request));

  r.get(
    '/controller/:id/channel/:ch/forwarding',
    { schema: { params: channelParams, response: { 200: forwardingListSchema } } },
    (request) => listForwardings(ctx, requireUser(request), request.params.id, request.params.ch),
  );

  r.post(
    '/controller/:id/channel/:ch/forwarding',
    {
      schema: {
        params: channelParams,
        body: forwardingCreateSchema,
        response: { 200: forwardingCreatedSchema },
      },
    },
    async (request) => {
      const created = await createForwarding(
        ctx,
        requireUser(request),
        request.params.id,
        request.params.ch,
        request.body,
      );
      return { message: translate(request.locale, 'messages:forwardingAdded'), ...created };
    },
  );

  r.delete(
    '/controller/forwarding/:id',
    { schema: { params: idParams, response: { 200: messageResponseSchema } } },
    async (request) => {
      await deleteForwarding(ctx, requireUser(request), request.params.id);
      return { message: translate(request.locale, 'messages:forwardingDeleted') };
    },
  );
}
