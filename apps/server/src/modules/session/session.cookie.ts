import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { reachedOverHttps } from '../../http/https';

export const SESSION_COOKIE = 'hs_session';

function cookieOptions(reply: FastifyReply, config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: reachedOverHttps(reply.request, config.publicUrl),
  };
}

/** HttpOnly, SameSite=Lax, Path=/, Secure behind HTTPS; lives as long as the session's absolute timeout. */
export function setSessionCookie(reply: FastifyReply, token: string, config: Config) {
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(reply, config),
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(reply, config));
}
