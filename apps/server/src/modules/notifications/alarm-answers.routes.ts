import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alarmAnswerBodySchema,
  alarmAnswerSavedSchema,
  alarmAnswerTokenQuerySchema,
  alarmAnswerViewSchema,
  alarmPrecisionSchema,
  publicAlarmAnswerBodySchema,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireAdmin, requireUser } from '../../http/auth';
import { idParams } from '../../http/params';
import { translate } from '../../i18n';
import { answerByToken, answerInApp, precisionByType, viewByToken } from './alarm-answers.service';

/**
 * Answers to alarms (docs/alarms.md "Answers"), calls of ours beyond the product's list:
 * POST notification/events/{id}/answer (the owner, in the app), GET and POST alarm-answer (the alarm mail's
 * signed link, no login; the GET only reads), GET admin/notifications/precision (admins).
 */
export async function alarmAnswersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const saved = { 200: alarmAnswerSavedSchema };

  r.post(
    '/notification/events/:id/answer',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { params: idParams, body: alarmAnswerBodySchema, response: saved },
    },
    async (request) => {
      await answerInApp(ctx, requireUser(request), request.params.id, request.body.answer);
      return {
        message: translate(request.locale, 'notifications:answer.saved'),
        answer: request.body.answer,
      };
    },
  );

  r.get(
    '/alarm-answer',
    { schema: { querystring: alarmAnswerTokenQuerySchema, response: { 200: alarmAnswerViewSchema } } },
    (request) => viewByToken(ctx, request.locale, request.query.token),
  );

  r.post(
    '/alarm-answer',
    { schema: { body: publicAlarmAnswerBodySchema, response: saved } },
    async (request) => {
      await answerByToken(ctx, request.body.token, request.body.answer, request.ip);
      return {
        message: translate(request.locale, 'notifications:answer.saved'),
        answer: request.body.answer,
      };
    },
  );

  r.get(
    '/admin/notifications/precision',
    {
      onRequest: async (request) => void requireAdmin(request),
      schema: { response: { 200: alarmPrecisionSchema } },
    },
    () => precisionByType(ctx),
  );
}
