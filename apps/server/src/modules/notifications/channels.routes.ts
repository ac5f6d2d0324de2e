import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  channelConfirmCodeSchema,
  channelConfirmTokenSchema,
  messageResponseSchema,
  notificationChannelCreatedSchema,
  notificationChannelCreateSchema,
  notificationChannelListSchema,
} from '@hivescope/contract';
import type { AppContext, AppServices } from '../../context';
import { requireUser } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import {
  addChannel,
  confirmByCode,
  confirmByToken,
  listChannels,
  removeChannel,
  resendConfirmation,
  testChannel,
  type ChannelSenders,
} from './channels.service';

const signedIn = async (request: FastifyRequest) => void requireUser(request);

/**
 * Notification channels (docs/alarms.md "Channels"): GET notification, POST notification, POST
 * notification/{id}/remove|test|confirm|resend, and POST notification/confirm (the mail link, no login).
 */
export async function channelsRoutes(app: FastifyInstance, ctx: AppContext & AppServices) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const senders: ChannelSenders = { mailer: ctx.mailer, sms: ctx.sms };
  const message = { response: { 200: messageResponseSchema } };
  const saved = (request: FastifyRequest) => ({ message: translate(request.locale, 'notifications:saved') });

  r.get(
    '/notification',
    { onRequest: signedIn, schema: { response: { 200: notificationChannelListSchema } } },
    (request) => listChannels(ctx, requireUser(request)),
  );

  r.post(
    '/notification',
    {
      onRequest: signedIn,
      schema: { body: notificationChannelCreateSchema, response: { 200: notificationChannelCreatedSchema } },
    },
    async (request) => {
      const id = await addChannel(ctx, senders, requireUser(request), request.body);
      return { id, ...saved(request) };
    },
  );

  r.post(
    '/notification/:id/remove',
    { onRequest: signedIn, schema: { params: idParams, ...message } },
    async (request) => {
      await removeChannel(ctx, requireUser(request), request.params.id);
      return saved(request);
    },
  );

  r.post(
    '/notification/:id/test',
    { onRequest: signedIn, schema: { params: idParams, ...message } },
    async (request) => {
      await testChannel(ctx, senders, requireUser(request), request.params.id);
      return { message: translate(request.locale, 'notifications:testSent') };
    },
  );

  r.post(
    '/notification/:id/resend',
    { onRequest: signedIn, schema: { params: idParams, ...message } },
    async (request) => {
      await resendConfirmation(ctx, senders, requireUser(request), request.params.id);
      return { message: translate(request.locale, 'notifications:confirmationSent') };
    },
  );

  r.post(
    '/notification/:id/confirm',
    { onRequest: signedIn, schema: { params: idParams, body: channelConfirmCodeSchema, ...message } },
    async (request) => {
      await confirmByCode(ctx, requireUser(request), request.params.id, request.body.code, request.ip);
      return { message: translate(request.locale, 'notifications:channelConfirmed') };
    },
  );

  r.post(
    '/notification/confirm',
    { schema: { body: channelConfirmTokenSchema, ...message } },
    async (request) => {
      await confirmByToken(ctx, request.body.token, request.ip);
      return { message: translate(request.locale, 'notifications:channelConfirmed') };
    },
  );
}
