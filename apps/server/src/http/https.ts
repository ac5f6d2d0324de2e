import type { FastifyRequest } from 'fastify';

/**
 * Whether the browser reached us over https: PUBLIC_URL is https, or the trusted proxy (TRUST_PROXY) got the
 * request over https — Fastify's request.protocol reads X-Forwarded-Proto only from that proxy
 * (docs/operations.md "Running", HTTPS).
 */
export function reachedOverHttps(request: FastifyRequest, publicUrl: string): boolean {
  return publicUrl.startsWith('https:') || request.protocol === 'https';
}
