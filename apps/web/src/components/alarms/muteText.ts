import type { Mute } from '@hivescope/contract';

/** "14:30": the end of a mute in the UI language (mutes last at most a day, so the time says enough). */
export function muteEnd(mute: Mute, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(mute.endDate));
}
