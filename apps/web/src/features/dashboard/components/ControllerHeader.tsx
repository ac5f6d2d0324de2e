import { Badge, Group, Text, Title, Tooltip } from '@mantine/core';
import {
  IconAntennaBars1,
  IconAntennaBars2,
  IconAntennaBars3,
  IconAntennaBars4,
  IconAntennaBars5,
  IconAntennaBarsOff,
  IconBattery2,
  IconEye,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';
import { batteryColor, signalBars, subscriptionBadge } from '../dashboard';
import { MuteMenu } from '../../../components/alarms/MuteMenu';
import { formatDate, formatWithUnit } from '../../../lib/format';
import { useLocale } from '../useDashboardView';
import { LastTime } from './LastTime';
import { RenewalDialog } from '../../../components/renewal/RenewalDialog';
import { canRenew } from '../../../lib/renewal';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';

const SIGNAL_ICONS = [
  IconAntennaBars1,
  IconAntennaBars2,
  IconAntennaBars3,
  IconAntennaBars4,
  IconAntennaBars5,
];

function Signal({ dBm }: { dBm: number | null }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const bars = signalBars(dBm);
  const Icon = bars === null ? IconAntennaBarsOff : (SIGNAL_ICONS[bars] ?? IconAntennaBarsOff);
  return (
    <Group gap={4} wrap="nowrap" data-testid="controller-signal" data-bars={bars ?? ''} title={t('signal')}>
      <Icon size={18} aria-label={t('signal')} />
      <Text size="sm">{formatWithUnit(dBm, locale, 'dBm')}</Text>
    </Group>
  );
}

function Battery({ voltage }: { voltage: number | null }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  return (
    <Group gap={4} wrap="nowrap" data-testid="controller-battery" title={t('battery')}>
      <IconBattery2
        size={18}
        color={`var(--mantine-color-${batteryColor(voltage)}-6)`}
        aria-label={t('battery')}
      />
      <Text size="sm">{formatWithUnit(voltage, locale, 'V', 2)}</Text>
    </Group>
  );
}

/** Name, battery, signal, subscription state, alarm mutes (owner) and read-only marker of a controller. */
export function ControllerHeader({ controller, now }: { controller: Controller; now: Date }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const badge = subscriptionBadge(controller.subscriptionState);
  const userId = useAppSelector(selectUser)?.userId;
  // An expired controller sends nothing: its owner renews right here (docs/shop.md "Renewal codes").
  const renewable = controller.subscriptionState === 'expired' && canRenew(controller, userId);
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <div>
        <Title order={2} size="h3" data-testid="controller-name">
          {controller.name}
        </Title>
        <LastTime kind="report" time={controller.lastUpdate} now={now} testId="controller-last-update" />
      </div>
      <Group gap="md" wrap="wrap">
        <Battery voltage={controller.voltage} />
        <Signal dBm={controller.signal} />
        <Tooltip label={t('subscription.endsOn', { date: formatDate(controller.subscriptionEnd, locale) })}>
          <Badge
            color={badge.color}
            data-testid="controller-subscription"
            data-state={controller.subscriptionState}
          >
            {t(badge.labelKey)}
          </Badge>
        </Tooltip>
        {renewable && <RenewalDialog controller={controller} compact />}
        {/* watchers get no alarms, so they have nothing to mute */}
        {!controller.readOnly && (
          <MuteMenu controllerId={controller.id} controllerName={controller.name} now={now} />
        )}
        {controller.readOnly && (
          <Tooltip label={t('readOnlyHint', { owner: controller.owner?.email ?? '–' })}>
            <Badge
              color="gray"
              variant="outline"
              leftSection={<IconEye size={12} />}
              data-testid="controller-readonly"
            >
              {t('readOnly')}
            </Badge>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
}
