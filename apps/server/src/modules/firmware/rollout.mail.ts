import { pickLocale, type FirmwareRolloutCounts } from '@hivescope/contract';
import { composeMail } from '../../mail/compose';
import type { MailMessage } from '../../mail/message';
import { translate } from '../../i18n';
import type { FailureKind } from './rollout.repository';

export type PausedMailData = {
  rolloutId: number;
  version: string;
  kind: FailureKind;
  controller: string;
  reported: string | null;
  counts: FirmwareRolloutCounts;
};

/**
 * The mail an admin gets when a roll-out paused itself (docs/firmware.md "Staged roll-out"): which version,
 * which transmitter and why, the progress so far, and the link to the firmware screen. The Message-ID is fixed
 * per roll-out and pause time, so a copy sent twice is recognisable as the same message.
 */
export function pausedMail(
  d: PausedMailData,
  to: { email: string; locale: string },
  publicUrl: string,
  pausedAt: Date,
): MailMessage {
  const locale = pickLocale(to.locale);
  const t = (key: string, params: Record<string, unknown> = {}) =>
    translate(locale, `mail:firmwarePaused.${key}`, { version: d.version, ...params });
  const host = new URL(publicUrl).hostname || 'hivescope.local';
  return composeMail(
    locale,
    to.email,
    t('subject'),
    [
      t('greeting'),
      t('intro'),
      t(d.kind, { controller: d.controller, reported: d.reported ?? '–' }),
      { rows: [[t('progress'), t('counts', d.counts)]] },
      { link: `${publicUrl}/a/firmware`, label: t('action') },
      t('signature'),
    ],
    `<firmware-rollout-${d.rolloutId}-${pausedAt.getTime()}@${host}>`,
  );
}
