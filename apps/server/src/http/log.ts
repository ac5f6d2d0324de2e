import type { FastifyRequest } from 'fastify';

/**
 * Secrets that travel in URLs (password-reset links `/password/reset/<token>`, `?token=` of the reset check
 * and of shared views) and the `?email=` of a reset request (personal data) are replaced by *** before a URL
 * reaches the log.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/password\/reset\/)[^/?#]+/g, '$1***')
    .replace(/([?&](?:token|password|email)=)[^&#]*/gi, '$1***');
}

/** Fastify's default request log fields, with the URL redacted. */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
