import { useState } from 'react';
import { Badge, Button, Checkbox, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';

type Props = {
  controllers: Controller[];
  selected: number[];
  onChange: (scales: number[]) => void;
  /** admins and managers: add any controller they can see by its id */
  onAddController?: (id: number) => Promise<void>;
};

function AddController({ onAdd }: { onAdd: (id: number) => Promise<void> }) {
  const { t } = useTranslation('analysis');
  const [id, setId] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (typeof id !== 'number') return;
    setBusy(true);
    try {
      await onAdd(id);
      setId('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label={t('addController')}
        description={t('addControllerHint')}
        value={id}
        onChange={setId}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        w={200}
        data-testid="analysis-add-controller"
      />
      <Button variant="light" onClick={() => void add()} loading={busy} disabled={typeof id !== 'number'}>
        {t('add')}
      </Button>
    </Group>
  );
}

/** The scales to analyse: own and watched controllers' live scales (plus controllers added by id). */
export function ScalePicker({ controllers, selected, onChange, onAddController }: Props) {
  const { t } = useTranslation('analysis');
  const withScales = controllers.filter((c) => c.scales.length > 0);
  return (
    <Stack gap="xs" data-testid="analysis-scales">
      {withScales.length === 0 && <Text c="dimmed">{t('noScales')}</Text>}
      {withScales.map((c) => {
        const mine = (id: number) => c.scales.some((s) => s.idscale === id);
        return (
          <Checkbox.Group
            key={c.id}
            label={
              <Group gap="xs" component="span">
                {c.name}
                {c.readOnly && (
                  <Badge size="xs" variant="light">
                    {t('readOnly')}
                  </Badge>
                )}
              </Group>
            }
            value={selected.filter(mine).map(String)}
            onChange={(values) => onChange([...selected.filter((id) => !mine(id)), ...values.map(Number)])}
          >
            <Group gap="md" mt={4}>
              {c.scales.map((s) => (
                <Checkbox key={s.idscale} value={String(s.idscale)} label={s.name} />
              ))}
            </Group>
          </Checkbox.Group>
        );
      })}
      {onAddController && <AddController onAdd={onAddController} />}
    </Stack>
  );
}
