/**
 * MAP_TILE_URL is a Leaflet tile template ("https://{s}.tile.example.org/{z}/{x}/{y}.png"). These helpers
 * check it at start (config.ts) and turn it into the CSP img-src source the browser must allow (app.ts).
 */

const SUBDOMAIN = '{s}.';

/** Why a template cannot be used, or null when it is fine. */
export function tileTemplateProblem(template: string): string | null {
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) {
    return 'must contain {z}, {x} and {y} (e.g. https://tile.example.org/{z}/{x}/{y}.png)';
  }
  let url: URL;
  try {
    url = new URL(template.replace(SUBDOMAIN, 'a.'));
  } catch {
    return 'must be an http:// or https:// URL template';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  return /[{}]/.test(url.host) ? 'only {s} may stand in the host name' : null;
}

/**
 * The CSP source of the tile server: its origin, with "*." for a {s} sub-domain
 * ("https://{s}.tile.openstreetmap.org/…" → "https://*.tile.openstreetmap.org").
 */
export function tileCspSource(template: string): string {
  const url = new URL(template.replace(SUBDOMAIN, 'a.'));
  return template.includes(`//${SUBDOMAIN}`) ? `${url.protocol}//*.${url.host.slice(2)}` : url.origin;
}
