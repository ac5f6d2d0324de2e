import { Group, NumberInput, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SCALE_TYPES } from '@hivescope/contract';
import { useAppSelector } from '../../../app/store/hooks';
import { selectLocale } from '../../../app/store/selectors';
import { formatKg } from '../../../lib/format';
import { scaleTotal, toDateTimeInput, type ScaleFormValues } from '../forms';

type Props = { form: UseFormReturnType<ScaleFormValues>; creating: boolean };

/**
 * Name, type and history start (only when creating), brood, visible, empty weight, feed stock and the
 * computed total.
 */
export function ScaleFields({ form, creating }: Props) {
  const { t } = useTranslation('controllers-settings');
  const locale = useAppSelector(selectLocale);
  const kg = { min: 0, max: 10_000, decimalScale: 3, step: 0.1, clampBehavior: 'none' as const };
  const isWeight = form.getValues().type === 'weight';
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: creating ? 2 : 1 }}>
        <TextInput
          label={t('scale.name')}
          required
          data-testid="scale-name-input"
          {...form.getInputProps('name')}
        />
        {creating && (
          <Select
            label={t('scale.type')}
            data={SCALE_TYPES.map((type) => ({ value: type, label: t(`scale.types.${type}`) }))}
            allowDeselect={false}
            data-testid="scale-type-input"
            {...form.getInputProps('type')}
          />
        )}
      </SimpleGrid>
      {isWeight && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t('scale.emptyWeight')}
            {...kg}
            data-testid="scale-empty-input"
            {...form.getInputProps('emptyWeight')}
          />
          <NumberInput
            label={t('scale.reserves')}
            {...kg}
            data-testid="scale-reserves-input"
            {...form.getInputProps('reserves')}
          />
          <div>
            <Text size="sm" fw={500}>
              {t('scale.total')}
            </Text>
            <Text mt={6} data-testid="scale-total">
              {formatKg(scaleTotal(form.getValues()), locale)}
            </Text>
          </div>
        </SimpleGrid>
      )}
      {creating && (
        <TextInput
          type="datetime-local"
          label={t('scale.since')}
          description={t('scale.sinceHelp')}
          max={toDateTimeInput(new Date())}
          data-testid="scale-since-input"
          {...form.getInputProps('since')}
        />
      )}
      <Group>
        {isWeight && (
          <Switch
            label={t('scale.isBrood')}
            data-testid="scale-brood-input"
            {...form.getInputProps('isBrood', { type: 'checkbox' })}
          />
        )}
        <Switch
          label={t('scale.visible')}
          data-testid="scale-visible-input"
          {...form.getInputProps('visible', { type: 'checkbox' })}
        />
      </Group>
    </>
  );
}
