import type { Config } from '../../config';

/** Host names that all name this machine: a shopper on one of them reaches the same server as on another. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The base of the payment provider's return pages (docs/shop.md "Payment"): the origin the shopper used, when it
 * is one this server itself serves, else PUBLIC_URL. Trusted is only the browser's `Origin` of the order
 * request (never the Host header alone) and only when it has PUBLIC_URL's scheme and port and is
 * PUBLIC_URL's host, a host of BRAND_HOSTS, or a loopback name while PUBLIC_URL is a loopback one (a
 * development machine reached by `localhost` or `127.0.0.1`). Any other origin gets PUBLIC_URL, so a forged
 * header can never send a shopper's return, with its order key, to a foreign site.
 */
export function returnBase(
  config: Pick<Config, 'publicUrl' | 'brandHosts'>,
  origin: string | undefined,
): string {
  const own = new URL(config.publicUrl);
  const used = parseOrigin(origin);
  if (!used || used.protocol !== own.protocol || used.port !== own.port) return config.publicUrl;
  const host = used.hostname.toLowerCase();
  const served =
    host === own.hostname ||
    Object.hasOwn(config.brandHosts, host) ||
    (LOOPBACK.has(host) && LOOPBACK.has(own.hostname));
  return served ? `${used.origin}${own.pathname.replace(/\/$/, '')}` : config.publicUrl;
}

/** An `Origin` header as a URL: only a bare scheme://host[:port] (no path, no credentials), else null. */
function parseOrigin(origin: string | undefined): URL | null {
  if (!origin) return null;
  try {
    const url = new URL(origin);
    return url.origin === origin && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
  } catch {
    return null;
  }
}
