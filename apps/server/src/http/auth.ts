import type { FastifyRequest } from 'fastify';
import type { Locale } from '@hivescope/contract';
import { AppError, forbidden, unauthorized } from './errors';

/** Who is calling: filled by the session plugin (modules/session) from the session cookie. */
export type AuthContext = {
  userId: number;
  sessionId: string;
  email: string;
  admin: boolean;
  role: number;
  manager: boolean;
  affiliationId: number | null;
  locale: Locale;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Logged-in caller, or null. */
    auth: AuthContext | null;
    /** Language of the answer: Accept-Language, else the user's locale, else de. */
    locale: Locale;
    /** Value of X-Share-Token when present (read-only shared views). */
    shareToken: string | null;
  }
}

export function requireUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireUser(request);
  if (!auth.admin) throw forbidden();
  return auth;
}

/** Admins, and managers (role <= 2) acting for their own affiliation only. */
export function requireManager(request: FastifyRequest, affiliationId?: number): AuthContext {
  const auth = requireUser(request);
  if (auth.admin) return auth;
  if (!auth.manager || auth.affiliationId === null) throw forbidden();
  if (affiliationId !== undefined && affiliationId !== auth.affiliationId)
    throw new AppError(403, 'errors:forbidden');
  return auth;
}
