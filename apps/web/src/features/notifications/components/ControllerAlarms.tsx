import { useState } from 'react';
import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_TYPES,
  controllerAlarmTypesSchema,
  type Controller,
  type ControllerAlarmSettings,
  type NotificationType,
} from '@hivescope/contract';
import { MuteControls } from '../../../components/alarms/MuteControls';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { issuesToErrors } from '../../../lib/form';
import { useAlarmSettings, useSaveAlarmTypes } from '../api';

/** The chosen types of one controller (at least one), saved with POST notification/settings. */
function TypesForm({ settings }: { settings: ControllerAlarmSettings }) {
  const { t } = useTranslation(['notifications', 'errors']);
  const [types, setTypes] = useState<string[]>(settings.types);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveAlarmTypes(settings.controllerId);
  const submit = () => {
    const parsed = controllerAlarmTypesSchema.safeParse({ types });
    if (!parsed.success) return setError(String(issuesToErrors(parsed.error.issues, t).types ?? ''));
    setError(null);
    save.mutate(parsed.data.types, { onError: (e) => setError(e.message) });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="alarm-types-form"
    >
      <Stack gap="xs" align="flex-start">
        <Checkbox.Group
          label={t('alarms.types')}
          description={t('alarms.typesHint')}
          value={types}
          onChange={(v) => {
            setTypes(v);
            setError(null);
          }}
          error={error}
          data-testid="alarm-types"
        >
          <Stack gap={6} mt="xs">
            {NOTIFICATION_TYPES.map((type: NotificationType) => (
              <Checkbox
                key={type}
                value={type}
                label={t(`types.${type}`)}
                data-testid={`alarm-type-${type}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Button type="submit" size="sm" loading={save.isPending} data-testid="alarm-types-save">
          {t('common:save')}
        </Button>
      </Stack>
    </form>
  );
}

/** One of the person's controllers: alarm types, alarm window, remaining notifications and mutes. */
export function ControllerAlarms({ controller }: { controller: Controller }) {
  const { t } = useTranslation('notifications');
  const settings = useAlarmSettings(controller.id);
  return (
    <Card withBorder padding="md" data-testid={`controller-alarms-${controller.id}`}>
      <Stack gap="sm">
        <Title order={3}>{controller.name}</Title>
        {settings.isPending && <CenteredLoader />}
        {settings.isError && <LoadError />}
        {settings.data && (
          <>
            <Group align="flex-start" gap="xl">
              <TypesForm key={settings.data.types.join()} settings={settings.data} />
              <Stack gap={4}>
                <Text size="sm" data-testid="alarm-window">
                  {t('alarms.window', { from: settings.data.alarmFrom, to: settings.data.alarmTo })}
                </Text>
                <Text size="sm" data-testid="remaining-notifications">
                  {t('alarms.remaining', { count: settings.data.remainingNotifications })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('alarms.remainingHint')}
                </Text>
              </Stack>
            </Group>
            <Title order={4}>{t('mute.title')}</Title>
            <MuteControls controllerId={controller.id} now={new Date()} />
          </>
        )}
      </Stack>
    </Card>
  );
}
