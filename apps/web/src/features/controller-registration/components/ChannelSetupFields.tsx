import { Alert, Stack, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MAX_LOAD_CELLS } from '@hivescope/contract';
import { usedLoadCells } from '../channelSetup';
import type { TransmitterFormValues } from '../registrationForm';
import { ChannelSetupRow } from './ChannelSetupRow';

/** The 8 channels of the transmitter: which carry a scale (load cells in groups of 1, 2 or 4) or a sensor. */
export function ChannelSetupFields({ form }: { form: UseFormReturnType<TransmitterFormValues> }) {
  const { t } = useTranslation('controller-registration');
  const rows = form.getValues().channels;
  const used = usedLoadCells(rows);
  const setupError = form.errors['channelSetup'];

  return (
    <Stack gap="xs" data-testid="channel-setup">
      <Text size="sm" c="dimmed">
        {t('channels.hint')}
      </Text>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing={4} data-testid="channel-setup-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('channels.channel')}</Table.Th>
              <Table.Th>{t('channels.kind')}</Table.Th>
              <Table.Th>{t('channels.cells')}</Table.Th>
              <Table.Th>{t('channels.name')}</Table.Th>
              <Table.Th>{t('channels.emptyWeight')}</Table.Th>
              <Table.Th>{t('channels.reserves')}</Table.Th>
              <Table.Th>{t('channels.brood')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <ChannelSetupRow key={row.channel} form={form} index={index} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c={used > MAX_LOAD_CELLS ? 'red' : 'dimmed'} data-testid="load-cells-used">
        {t('channels.loadCellsUsed', { used, max: MAX_LOAD_CELLS })}
      </Text>
      {setupError && (
        <Alert color="red" data-testid="channel-setup-error">
          {setupError}
        </Alert>
      )}
    </Stack>
  );
}
