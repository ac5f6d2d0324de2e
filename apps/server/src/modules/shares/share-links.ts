import { sharePath, type ShareType } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { secretBox, type SecretBox } from '../../lib/secret-box';

/**
 * The links of shares (docs/shares.md "Token handling", "Live share link"): the URL of a token, the box that
 * seals the token of a live share linked from the public map, and a counter the public map's cache checks so
 * that a new or deleted link shows at once on this process (docs/maps.md "Caching").
 */

/** The absolute URL of a share's public page with its token. */
export const shareUrl = (publicUrl: string, type: ShareType, token: string) =>
  `${publicUrl}${sharePath(type)}?token=${encodeURIComponent(token)}`;

/** Seals and opens the tokens of map-linked shares, with a key of its own derived from the operator secret. */
export const mapLinkBox = (ctx: AppContext): SecretBox => secretBox(ctx.config.secretKey, 'share-map-link');

// per database (as the share caches in share-access.ts): the test harness builds several contexts on one
const versions = new WeakMap<object, number>();

/** Changes whenever a share linked from the public map is created or deleted on this process. */
export const mapLinksVersion = (ctx: AppContext): number => versions.get(ctx.db) ?? 0;

export function mapLinksChanged(ctx: AppContext): void {
  versions.set(ctx.db, mapLinksVersion(ctx) + 1);
}
