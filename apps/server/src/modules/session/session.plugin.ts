import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isManagerRole } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { localeOf } from '../users/users.mapper';
import { clearSessionCookie, SESSION_COOKIE } from './session.cookie';
import { liveSession, type SessionMeta } from './session.service';

/**
 * Reads the `hs_session` cookie on /api requests and fills request.auth (docs/api-conventions.md, "Sessions"). A dead session
 * (idle or absolute timeout, deleted, user inactive) leaves auth null and clears the cookie. A logged-in
 * user without Accept-Language gets answers in their own locale. Registered on the root instance (not
 * encapsulated) after @fastify/cookie, so every /api route sees request.auth.
 */
export async function registerSession(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = await liveSession(ctx, token);
    if (!found) {
      clearSessionCookie(reply, ctx.config);
      return;
    }
    const { user, id } = found;
    request.auth = {
      userId: user.id,
      sessionId: id,
      email: user.email,
      admin: user.admin,
      role: user.role,
      manager: isManagerRole(user.role),
      affiliationId: user.affiliationId,
      locale: localeOf(user),
    };
    if (!request.headers['accept-language']) request.locale = request.auth.locale;
  });
}

export function sessionMeta(request: FastifyRequest): SessionMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}
