import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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

/** A request slower than this is logged at warn whatever its status. */
export const SLOW_REQUEST_MS = 1000;

/** The level of a request's completion line: only what an operator must see reaches the default level. */
export function requestLogLevel(statusCode: number, elapsedMs: number): 'debug' | 'warn' {
  if (statusCode >= 500 || elapsedMs > SLOW_REQUEST_MS) return 'warn';
  return 'debug';
}

/**
 * Fastify's request lines, quieter: "incoming request" and "request completed" at debug (the demo and every
 * page load would fill the console at info, see docs/operations.md), a 5xx answer or a request slower than
 * SLOW_REQUEST_MS at warn. Errors keep Fastify's own lines (error level).
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) return super.requestCompleted(error, request, reply);
    if (this.isLogDisabled(request)) return;
    const level = requestLogLevel(reply.statusCode, reply.elapsedTime);
    const message = level === 'warn' && reply.statusCode < 500 ? 'slow request' : 'request completed';
    // The request line is at debug, so the warn line names the request itself.
    const req = level === 'debug' ? undefined : request;
    reply.log[level]({ req, res: reply, responseTime: reply.elapsedTime }, message);
  }
}
