import { sharePath, type ShareType } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { secretBox, type SecretBox } from '../../lib/secret-box';

/**
 * The links of shares (docs/shares.md "Token handling", "Live share link"): the URL of a token and the box that
 * seals the token of a live share linked from the public map.
 */

/** The absolute URL of a share's public page with its token. */
export const shareUrl = (publicUrl: string, type: ShareType, token: string) =>
  `${publicUrl}${sharePath(type)}?token=${encodeURIComponent(token)}`;

/** Seals and opens the tokens of map-linked shares, with a key of its own derived from the operator secret. */
export const mapLinkBox = (ctx: AppContext): SecretBox => secretBox(ctx.config.secretKey, 'share-map-link');
