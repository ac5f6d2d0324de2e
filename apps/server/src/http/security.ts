import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { AppError } from './errors';
import { reachedOverHttps } from './https';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The public shared views (/shared/…), the only pages that may be framed. */
const SHARED_PAGE = /^\/shared(?:[/?#]|$)/;

export type SecurityOptions = {
  tileHosts: string[];
  /** Strict-Transport-Security for requests that reached us over https; null: never sent (HSTS_MAX_AGE=0). */
  hsts: { maxAge: number; includeSubDomains: boolean } | null;
  publicUrl: string;
};

/**
 * Security headers (CSP, nosniff, referrer policy, HSTS when the browser reached us over https; frame-ancestors 'none' except
 * for /shared/* pages, which may be embedded as iframes) and CSRF defence for cookie-authenticated writes:
 * SameSite=Lax cookies plus an Origin check — a write that carries a cookie must come from our own origin.
 * Why style-src keeps 'unsafe-inline': docs/decisions.md "Security headers".
 */
export async function registerSecurity(app: FastifyInstance, opts: SecurityOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...opts.tileHosts],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
  });
  const hsts =
    opts.hsts && `max-age=${opts.hsts.maxAge}${opts.hsts.includeSubDomains ? '; includeSubDomains' : ''}`;

  app.addHook('onSend', async (request, reply, payload) => {
    if (hsts && reachedOverHttps(request, opts.publicUrl)) reply.header('strict-transport-security', hsts);
    if (SHARED_PAGE.test(request.url)) {
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
    } else {
      reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });

  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.headers.cookie) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin) return; // non-browser clients (CLI, curl) send no Origin; browsers always do on cross-site POST
    // request.host is the Host header, or X-Forwarded-Host only when TRUST_PROXY trusts the proxy that set it.
    const host = request.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError(403, 'errors:forbidden');
    }
    if (originHost !== host) throw new AppError(403, 'errors:forbidden');
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'invalid:';
  }
}
