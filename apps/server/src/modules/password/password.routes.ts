import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailSchema,
  messageResponseSchema,
  passwordChangeSchema,
  passwordResetSetSchema,
} from '@hivescope/contract';
import type { AppContext, AppServices } from '../../context';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { setSessionCookie } from '../session/session.cookie';
import { sessionMeta } from '../session/session.plugin';
import { changePassword, checkResetToken, requestPasswordReset, resetPassword } from './password.service';

const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/** Password reset by mail (request, check, set) and password change (docs/api-conventions.md, passwords and security deviations). */
export async function passwordRoutes(app: FastifyInstance, ctx: AppContext & AppServices) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { mailer } = ctx;
  const message = { response: { 200: messageResponseSchema } };

  r.post(
    '/user/passwordReset/request',
    { schema: { querystring: z.object({ email: emailSchema }), ...message } },
    async (request) => {
      await requestPasswordReset(ctx, mailer, app.log, request.query.email, request.ip);
      return { message: translate(request.locale, 'messages:resetMailSent') };
    },
  );

  r.get(
    '/user/passwordReset/check',
    { schema: { querystring: tokenQuery, response: { 200: z.object({ valid: z.literal(true) }) } } },
    async (request) => {
      await checkResetToken(ctx, request.query.token);
      return { valid: true as const };
    },
  );

  r.post(
    '/user/passwordReset/set',
    { schema: { body: passwordResetSetSchema, ...message } },
    async (request) => {
      await resetPassword(ctx, request.body);
      return { message: translate(request.locale, 'messages:passwordResetDone') };
    },
  );

  r.post(
    '/user/password',
    {
      onRequest: async (request) => void requireUser(request),
      schema: { body: passwordChangeSchema, ...message },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const token = await changePassword(ctx, auth.userId, request.body, sessionMeta(request));
      setSessionCookie(reply, token, ctx.config);
      return { message: translate(request.locale, 'messages:passwordChanged') };
    },
  );
}
