import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SHOP_ORDER_STATES, type ShopOrderDetail, type ShopOrderEdit } from '@hivescope/contract';
import { isApiError } from '../../../lib/api';
import { saveOrder, shopAdminKeys } from './api';

const ADDRESS_FIELDS = [
  'email',
  'firstname',
  'lastname',
  'company',
  'street',
  'zip',
  'city',
  'country',
  'phone',
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

const toChf = (centimes: number) => centimes / 100;
const toCentimes = (chf: number | string) => Math.round(Number(chf) * 100);

/** The admin's edit of an order: the whitelist of shopOrderEditSchema (docs/shop.md "Order administration"). */
export function OrderEditForm({ order }: { order: ShopOrderDetail }) {
  const { t } = useTranslation('shop-admin');
  const { t: tShop } = useTranslation('shop');
  const queryClient = useQueryClient();
  const [address, setAddress] = useState(order.address);
  const [comment, setComment] = useState(order.comment);
  const [received, setReceived] = useState<number | string>(toChf(order.receivedAmount));
  const [paid, setPaid] = useState<number | string>(toChf(order.paidAmount));
  const [state, setState] = useState(order.state);
  const [shipped, setShipped] = useState(order.flags.controllerShipped);
  const save = useMutation({
    mutationFn: (edit: ShopOrderEdit) => saveOrder(order.id, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopAdminKeys.all }),
  });
  const fieldError = (name: string) => (isApiError(save.error) ? save.error.fields?.[name] : undefined);
  const setField = (field: AddressField, value: string) => setAddress({ ...address, [field]: value });

  const submit = () =>
    save.mutate({
      address,
      comment,
      receivedAmount: toCentimes(received),
      paidAmount: toCentimes(paid),
      state,
      controllerShipped: shipped,
    });

  return (
    <Stack data-testid="order-edit">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {ADDRESS_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={tShop(`ui.address.${field}`)}
            value={address[field] ?? ''}
            onChange={(e) => setField(field, e.currentTarget.value)}
            error={fieldError(`address.${field}`)}
            data-testid={`order-edit-${field}`}
          />
        ))}
      </SimpleGrid>
      <Textarea
        label={t('ui.comment')}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
        error={fieldError('comment')}
        autosize
        minRows={2}
        data-testid="order-edit-comment"
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={t('ui.receivedAmount')}
          value={received}
          onChange={setReceived}
          decimalScale={2}
          min={0}
          error={fieldError('receivedAmount')}
          data-testid="order-edit-received"
        />
        <NumberInput
          label={t('ui.paidAmount')}
          value={paid}
          onChange={setPaid}
          decimalScale={2}
          min={0}
          error={fieldError('paidAmount')}
          data-testid="order-edit-paid"
        />
        <Select
          label={t('ui.stateLabel')}
          data={SHOP_ORDER_STATES.map((s) => ({ value: s, label: t(`ui.state.${s}`) }))}
          value={state}
          onChange={(v) => v && setState(v as typeof state)}
          allowDeselect={false}
          data-testid="order-edit-state"
        />
      </SimpleGrid>
      <Checkbox
        label={t('ui.flags.controllerShipped')}
        checked={shipped}
        onChange={(e) => setShipped(e.currentTarget.checked)}
        data-testid="order-edit-shipped"
      />
      <Group>
        <Button onClick={submit} loading={save.isPending} data-testid="order-edit-save">
          {t('ui.save')}
        </Button>
      </Group>
    </Stack>
  );
}
