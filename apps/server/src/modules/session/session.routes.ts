import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginRequestSchema, messageResponseSchema, sessionUserSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { translate } from '../../i18n';
import { toSessionUser } from '../users/users.mapper';
import { clearSessionCookie, setSessionCookie } from './session.cookie';
import { sessionMeta } from './session.plugin';
import { login, logout, sessionUserRow } from './session.service';

/** POST user/login, GET|POST user/logout, GET user/ping (docs/api-conventions.md, "Sessions"). */
export async function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/user/login',
    { schema: { body: loginRequestSchema, response: { 200: sessionUserSchema } } },
    async (request, reply) => {
      const { user, token } = await login(ctx, request.body, sessionMeta(request), request.auth?.sessionId);
      setSessionCookie(reply, token, ctx.config);
      return toSessionUser(user);
    },
  );

  const logoutHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.auth) await logout(ctx, request.auth.sessionId);
    clearSessionCookie(reply, ctx.config);
    return { message: translate(request.locale, 'messages:loggedOut') };
  };
  r.get('/user/logout', { schema: { response: { 200: messageResponseSchema } } }, logoutHandler);
  r.post('/user/logout', { schema: { response: { 200: messageResponseSchema } } }, logoutHandler);

  r.get('/user/ping', { schema: { response: { 200: sessionUserSchema } } }, async (request) => {
    const auth = requireUser(request);
    return toSessionUser(await sessionUserRow(ctx, auth.userId));
  });
}
