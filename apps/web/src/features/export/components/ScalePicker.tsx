import { Alert, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';

type Props = {
  controllers: Controller[];
  scales: number[];
  onChange: (scales: number[]) => void;
  /** the export was started with no scale chosen */
  missing: boolean;
};

/** The scales to export, grouped by controller. */
export function ScalePicker({ controllers, scales, onChange, missing }: Props) {
  const { t } = useTranslation(['export', 'errors']);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {t('scales')}
      </Title>
      {controllers.every((c) => c.scales.length === 0) && <Text>{t('noScales')}</Text>}
      <Stack gap="xs" data-testid="export-scales">
        {controllers.map((c) => (
          <Checkbox.Group
            key={c.id}
            label={c.name}
            value={scales.filter((id) => c.scales.some((s) => s.idscale === id)).map(String)}
            onChange={(values) =>
              onChange([
                ...scales.filter((id) => !c.scales.some((s) => s.idscale === id)),
                ...values.map(Number),
              ])
            }
          >
            <Group mt={4}>
              {c.scales.map((s) => (
                <Checkbox
                  key={s.idscale}
                  value={String(s.idscale)}
                  label={s.name}
                  data-testid="export-scale"
                />
              ))}
            </Group>
          </Checkbox.Group>
        ))}
      </Stack>
      {missing && (
        <Alert color="yellow" mt="sm" data-testid="export-no-scales">
          {t('errors:selectScalesFirst')}
        </Alert>
      )}
    </Paper>
  );
}
