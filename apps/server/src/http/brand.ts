import type { FastifyRequest } from 'fastify';
import type { BrandId } from '@hivescope/contract';
import type { Config } from '../config';

/**
 * The brand of a request: by the host it was sent to (`BRAND_HOSTS`, docs/product.md §1), brand 1 for any
 * other host. The web app's hand switch on localhost is cosmetic and never reaches the server (docs/notices.md
 * "Brand").
 */
export function brandOf(request: FastifyRequest, config: Pick<Config, 'brandHosts'>): BrandId {
  const host = (request.hostname ?? '').split(':')[0]?.toLowerCase() ?? '';
  return config.brandHosts[host] ?? 1;
}
