import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAlarmEventQuerySchema,
  alarmEventListSchema,
  alarmEventPageSchema,
  alarmEventQuerySchema,
  alarmEventSchema,
  controllerAlarmSettingsSchema,
  controllerAlarmTypesSchema,
  controllerQuerySchema,
  messageResponseSchema,
  muteListSchema,
  muteQuerySchema,
  unmuteQuerySchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import {
  adminEvents,
  getAlarmSettings,
  getEvent,
  listEvents,
  listMutes,
  mute,
  removeEvent,
  resetCount,
  setAlarmTypes,
  unmute,
} from './notifications.service';

const saved = { 200: messageResponseSchema };

/**
 * Alarm settings, mutes and events of controllers (docs/alarms.md "API"); the channels are in
 * channels.routes.ts. Who may read or change a controller is decided by controllers/controller-access.
 */
export async function notificationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ok = (locale: Parameters<typeof translate>[0]) => ({
    message: translate(locale, 'notifications:saved'),
  });

  r.get(
    '/notification/settings',
    { schema: { querystring: controllerQuerySchema, response: { 200: controllerAlarmSettingsSchema } } },
    (request) => getAlarmSettings(ctx, requireUser(request), request.query.idcontroller),
  );
  r.post(
    '/notification/settings',
    { schema: { querystring: controllerQuerySchema, body: controllerAlarmTypesSchema, response: saved } },
    async (request) => {
      await setAlarmTypes(ctx, requireUser(request), request.query.idcontroller, request.body.types);
      return ok(request.locale);
    },
  );

  r.get(
    '/notification/mute',
    { schema: { querystring: controllerQuerySchema, response: { 200: muteListSchema } } },
    (request) => listMutes(ctx, requireUser(request), request.query.idcontroller),
  );
  r.post(
    '/notification/mute',
    { schema: { querystring: muteQuerySchema, response: saved } },
    async (request) => {
      const q = request.query;
      await mute(ctx, requireUser(request), q.idcontroller, q.notificationType, new Date(q.enddate));
      return ok(request.locale);
    },
  );
  r.post(
    '/notification/unmute',
    { schema: { querystring: unmuteQuerySchema, response: saved } },
    async (request) => {
      const q = request.query;
      await unmute(ctx, requireUser(request), q.idcontroller, q.notificationType);
      return ok(request.locale);
    },
  );

  r.get(
    '/notification/events',
    { schema: { querystring: alarmEventQuerySchema, response: { 200: alarmEventListSchema } } },
    (request) => listEvents(ctx, requireUser(request), request.locale, request.query),
  );

  r.get(
    '/notification/event/:id',
    { schema: { params: idParams, response: { 200: alarmEventSchema } } },
    (request) => getEvent(ctx, requireUser(request), request.locale, request.params.id),
  );

  // a paged list (docs/api-conventions.md "Lists and pagination"); the role is checked before the query
  r.get(
    '/admin/notifications',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: { querystring: adminAlarmEventQuerySchema, response: { 200: alarmEventPageSchema } },
    },
    (request) => adminEvents(ctx, request.locale, request.query),
  );
  r.delete('/notifications/:id', { schema: { params: idParams, response: saved } }, async (request) => {
    requireAdmin(request);
    await removeEvent(ctx, request.params.id);
    return { message: translate(request.locale, 'notifications:eventDeleted') };
  });
  r.post(
    '/admin/controller/:id/resetNotificationCount',
    { schema: { params: idParams, response: saved } },
    async (request) => {
      requireAdmin(request);
      await resetCount(ctx, request.params.id);
      return ok(request.locale);
    },
  );
}
