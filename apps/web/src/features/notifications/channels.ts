import type { ChannelType } from '@hivescope/contract';

/**
 * The address as the server expects it: a mobile number typed with spaces, dashes, dots or brackets
 * ("+41 79 123 45 67") becomes "+41791234567"; a leading "00" stands for "+". E-mail addresses are trimmed.
 */
export function toChannelAddress(type: ChannelType, typed: string): string {
  const trimmed = typed.trim();
  if (type === 'email') return trimmed;
  const compact = trimmed.replace(/[\s\-./()]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}
