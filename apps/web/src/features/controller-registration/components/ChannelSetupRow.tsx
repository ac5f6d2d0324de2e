import { Checkbox, NativeSelect, NumberInput, Table, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { LOAD_CELL_GROUP_SIZES } from '@hivescope/contract';
import { CHANNEL_KINDS, type ChannelKind, type LoadCellGroup } from '../channelSetup';
import type { TransmitterFormValues } from '../registrationForm';

const isKind = (value: string): value is ChannelKind => (CHANNEL_KINDS as readonly string[]).includes(value);

/** One channel: what is mounted on it, its load-cell group and the scale's name, empty weight and feed stock. */
export function ChannelSetupRow({
  form,
  index,
}: {
  form: UseFormReturnType<TransmitterFormValues>;
  index: number;
}) {
  const { t } = useTranslation('controller-registration');
  const row = form.getValues().channels[index];
  if (!row) return null;
  const path = `channels.${index}` as const;
  const id = (field: string) => `channel-${row.channel}-${field}`;
  const weight = row.kind === 'weight';

  const setKind = (kind: ChannelKind) => {
    form.setFieldValue(`${path}.kind`, kind);
    if (kind !== 'none' && !row.name.trim()) {
      form.setFieldValue(`${path}.name`, t(`channels.defaultName.${kind}`, { channel: row.channel }));
    }
  };

  return (
    <Table.Tr data-testid={`channel-row-${row.channel}`}>
      <Table.Td>{row.channel}</Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={t('channels.kindFor', { channel: row.channel })}
          data={CHANNEL_KINDS.map((kind) => ({ value: kind, label: t(`channels.kinds.${kind}`) }))}
          value={row.kind}
          onChange={(e) => isKind(e.currentTarget.value) && setKind(e.currentTarget.value)}
          error={form.errors[`${path}.kind`]}
          data-testid={id('kind')}
        />
      </Table.Td>
      <Table.Td>
        {weight && (
          <NativeSelect
            aria-label={t('channels.cellsFor', { channel: row.channel })}
            data={LOAD_CELL_GROUP_SIZES.map((n) => ({
              value: String(n),
              label: t('channels.cellCount', { count: n }),
            }))}
            value={String(row.cells)}
            onChange={(e) =>
              form.setFieldValue(`${path}.cells`, Number(e.currentTarget.value) as LoadCellGroup)
            }
            error={form.errors[`${path}.cells`]}
            data-testid={id('cells')}
          />
        )}
      </Table.Td>
      <Table.Td>
        {row.kind !== 'none' && (
          <TextInput
            aria-label={t('channels.nameFor', { channel: row.channel })}
            data-testid={id('name')}
            {...form.getInputProps(`${path}.name`)}
          />
        )}
      </Table.Td>
      {(['emptyWeight', 'reserves'] as const).map((field) => (
        <Table.Td key={field}>
          {weight && (
            <NumberInput
              aria-label={t(`channels.${field}For`, { channel: row.channel })}
              min={0}
              max={10_000}
              decimalScale={2}
              suffix=" kg"
              hideControls
              miw={90}
              data-testid={id(field)}
              {...form.getInputProps(`${path}.${field}`)}
            />
          )}
        </Table.Td>
      ))}
      <Table.Td>
        {weight && (
          <Checkbox
            aria-label={t('channels.broodFor', { channel: row.channel })}
            data-testid={id('brood')}
            {...form.getInputProps(`${path}.isBrood`, { type: 'checkbox' })}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}
