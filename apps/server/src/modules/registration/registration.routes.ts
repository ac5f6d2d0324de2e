import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registrationUserSchema, sessionUserSchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { setSessionCookie } from '../session/session.cookie';
import { sessionMeta } from '../session/session.plugin';
import { toSessionUser } from '../users/users.mapper';
import { registerUser } from './registration.service';

/** POST registration/user: creates the account and logs it in (only on success). */
export async function registrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/registration/user',
    { schema: { body: registrationUserSchema, response: { 200: sessionUserSchema } } },
    async (request, reply) => {
      const { user, token } = await registerUser(
        ctx,
        request.body,
        request.locale,
        sessionMeta(request),
        request.auth?.sessionId,
      );
      setSessionCookie(reply, token, ctx.config);
      return toSessionUser(user);
    },
  );
}
