import { Alert, Card, Group, Loader, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShopMode, ShopValidateAnswer } from '@hivescope/contract';
import { isApiError } from '../../../lib/api';
import { formatChf } from '../format';

type Validation = { data: ShopValidateAnswer | undefined; error: Error | null; pending: boolean };

/** The server's problems with the cart: its message and, below it, each field's message once. */
export function ValidationProblems({ error }: { error: Error | null }) {
  if (!error) return null;
  const fields = isApiError(error) && error.fields ? [...new Set(Object.values(error.fields))] : [];
  return (
    <Alert color="red" data-testid="shop-validation-error">
      <Text size="sm">{error.message}</Text>
      {fields.filter((f) => f !== error.message).length > 0 && (
        <List size="sm" mt="xs">
          {fields
            .filter((f) => f !== error.message)
            .map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
        </List>
      )}
    </Alert>
  );
}

/** "Fetching" while the server prices the cart (spec §4 Validate). */
function Fetching({ pending }: { pending: boolean }) {
  const { t } = useTranslation('shop');
  return (
    <Group gap={6} aria-live="polite" mih={20}>
      {pending && (
        <>
          <Loader size="xs" />
          <Text size="sm" c="dimmed" data-testid="shop-fetching">
            {t('ui.summary.fetching')}
          </Text>
        </>
      )}
    </Group>
  );
}

/**
 * The total the server computed, shown beside (below, on a phone) every step. On the first step (`startMode`)
 * it says why the order is not empty: a shop starts with the usual first order (spec §4 "Cart reset by
 * mode": one transmitter, or one subscription), changed in the later steps.
 */
export function CartTotal({ validation, startMode }: { validation: Validation; startMode?: ShopMode }) {
  const { t, i18n } = useTranslation('shop');
  const { data, error, pending } = validation;
  return (
    <Card withBorder padding="md" data-testid="shop-summary">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('ui.summary.title')}
        </Title>
        {data && !error && (
          <>
            <Text size="sm">{t('ui.summary.itemCount', { count: data.items.length })}</Text>
            <Group justify="space-between">
              <Text fw={700}>{t('ui.summary.total')}</Text>
              <Text fw={700} data-testid="shop-total">
                {formatChf(data.total, i18n.language)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('ui.summary.vat', {
                rate: data.vat.ratePercent,
                amount: formatChf(data.vat.amount, i18n.language),
              })}
            </Text>
          </>
        )}
        {startMode && data && !error && (
          <Text size="xs" c="dimmed" data-testid="shop-prefilled-note">
            {t(startMode === 'digital' ? 'ui.summary.prefilledDigital' : 'ui.summary.prefilledHardware')}
          </Text>
        )}
        <ValidationProblems error={error} />
        <Fetching pending={pending} />
      </Stack>
    </Card>
  );
}

/** Every item the server priced, with subtotal, discount, shipping, rounding, total and the VAT included. */
export function ItemTable({ answer }: { answer: ShopValidateAnswer }) {
  const { t, i18n } = useTranslation('shop');
  const money = (c: number) => formatChf(c, i18n.language);
  const row = (label: string, amount: number, testId: string, strong = false) => (
    <Table.Tr>
      <Table.Th colSpan={3} scope="row" fw={strong ? 700 : 400}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 400} data-testid={testId}>
        {money(amount)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table data-testid="shop-items">
        <Table.Caption>{t('ui.summary.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('ui.summary.item')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('ui.summary.quantity')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('ui.summary.unitPrice')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('ui.summary.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {answer.items.map((item) => (
            <Table.Tr key={`${item.kind}-${item.id}`} data-testid={`shop-item-${item.kind}-${item.id}`}>
              <Table.Td>
                {item.name}
                {item.plate && (
                  <Text size="xs" c="dimmed">
                    {t('ui.summary.plate', item.plate)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{money(item.unitPrice)}</Table.Td>
              <Table.Td ta="right">{money(item.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {row(t('ui.summary.subtotal'), answer.subtotal, 'shop-subtotal')}
          {answer.discount > 0 && row(t('ui.summary.discount'), -answer.discount, 'shop-discount')}
          {row(t('ui.summary.shipping'), answer.shipping, 'shop-shipping')}
          {answer.rounding !== 0 && row(t('ui.summary.rounding'), answer.rounding, 'shop-rounding')}
          {row(t('ui.summary.total'), answer.total, 'shop-confirmation-total', true)}
          {row(t('ui.summary.vatIncluded', { rate: answer.vat.ratePercent }), answer.vat.amount, 'shop-vat')}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
