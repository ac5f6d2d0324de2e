import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';

/** Watched controllers: shown read-only, without any edit control. */
export function WatchedControllers({ controllers }: { controllers: Controller[] }) {
  const { t } = useTranslation('controllers-settings');
  if (controllers.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={3}>{t('readOnly.title')}</Title>
      {controllers.map((c) => (
        <Card key={c.id} withBorder data-testid={`controller-readonly-${c.id}`}>
          <Group justify="space-between">
            <Text fw={600}>{c.name}</Text>
            <Badge color="gray" variant="outline" leftSection={<IconEye size={12} />}>
              {t('readOnly.badge')}
            </Badge>
          </Group>
          {c.owner && (
            <Text size="sm" c="dimmed">
              {t('readOnly.owner', { owner: c.owner.email })}
            </Text>
          )}
          <Text size="sm" mt="xs">
            {c.scales.length === 0
              ? t('readOnly.noScales')
              : c.scales
                  .map(
                    (s) =>
                      `${t('channels.channel', { channel: s.channel })}: ${s.name} (${t(`scale.types.${s.type}`)})`,
                  )
                  .join(' · ')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
