import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A cached answer of a share read, serialised once (docs/shares.md "Caching"): the JSON text, and its brotli
 * and gzip encodings made on first demand. Many viewers of one live feed then cost neither a database read
 * nor a serialisation nor a compression per request.
 */
export class SharedPayload {
  private br: Buffer | null = null;
  private gzip: Buffer | null = null;

  constructor(readonly json: string) {}

  encoded(encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br')
      return (this.br ??= zlib.brotliCompressSync(this.json, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
      }));
    return (this.gzip ??= zlib.gzipSync(this.json, { level: 6 }));
  }
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

/** Sends a cached payload as is (already JSON, already compressed: the serializer and compress step aside). */
export function sendShared(request: FastifyRequest, reply: FastifyReply, payload: SharedPayload) {
  const encoding = acceptedEncoding(request);
  reply.header('content-type', 'application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (!encoding) return reply.send(payload.json);
  return reply.header('content-encoding', encoding).send(payload.encoded(encoding));
}
