import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromoCodeDetail, PromoCodeItem, ShopCodeListSort } from '@hivescope/contract';
import { ListFooter } from '../../../../components/list/ListFooter';
import { ListSearch } from '../../../../components/list/ListSearch';
import { SortableTh } from '../../../../components/list/SortableTh';
import { listParams, useListState } from '../../../../components/list/useListState';
import { CenteredLoader } from '../../../../components/ui/CenteredLoader';
import { LoadError } from '../../../../components/ui/LoadError';
import { formatChf } from '../../format';
import { codeKeys, createPromoCode, editCode, usePromoCode, usePromoCodes } from './api';
import { firstDayToIso, isoToFirstDay, isoToLastDay, lastDayToIso } from './days';
import { CodeEvents, CodeStatusBadge, DayInput, DeactivateCode, fieldErrorOf, useValidity } from './shared';

/** A promo code's discount: "12.5 %" or "CHF 20.00". */
function useDiscount() {
  const { i18n } = useTranslation();
  return (c: Pick<PromoCodeItem, 'percent' | 'amount'>) =>
    c.percent !== null
      ? `${c.percent.toLocaleString(i18n.language)} %`
      : formatChf(c.amount ?? 0, i18n.language);
}

const toCentimes = (chf: number | string) => Math.round(Number(chf) * 100);
const optionalInt = (v: number | string) => (v === '' ? null : Number(v));

/** New promo code: the code, a percentage or an amount, the days it is valid and its maximum uses. */
function PromoCodeForm({ onCreated }: { onCreated: (created: { id: number; code: string }) => void }) {
  const { t } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState<number | string>('');
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [maxUses, setMaxUses] = useState<number | string>('');
  const create = useMutation({
    mutationFn: () =>
      createPromoCode({
        code,
        ...(kind === 'percent'
          ? { percent: value === '' ? null : Number(value) }
          : { amount: value === '' ? null : toCentimes(value) }),
        validFrom: firstDayToIso(from),
        validUntil: lastDayToIso(until),
        maxUses: optionalInt(maxUses),
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
      onCreated(created);
    },
  });
  const error = (name: string) => fieldErrorOf(create.error, name);

  return (
    <Stack data-testid="promo-create-form">
      <TextInput
        label={t('codes.ui.code')}
        description={t('codes.ui.codeHint')}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
        error={error('code')}
        maxLength={32}
        data-testid="promo-create-code"
      />
      <SegmentedControl
        aria-label={t('codes.ui.discount')}
        value={kind}
        onChange={(v) => setKind(v as typeof kind)}
        data={[
          { value: 'percent', label: t('codes.ui.kindPercent') },
          { value: 'amount', label: t('codes.ui.kindAmount') },
        ]}
        data-testid="promo-create-kind"
      />
      <NumberInput
        label={t(kind === 'percent' ? 'codes.ui.percent' : 'codes.ui.amount')}
        value={value}
        onChange={setValue}
        decimalScale={2}
        min={0}
        error={error(kind) ?? error('percent')}
        data-testid="promo-create-value"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DayInput
          label={t('codes.ui.validFrom')}
          value={from}
          onChange={setFrom}
          error={error('validFrom')}
          testId="promo-create-from"
        />
        <DayInput
          label={t('codes.ui.validUntil')}
          value={until}
          onChange={setUntil}
          error={error('validUntil')}
          testId="promo-create-until"
        />
      </SimpleGrid>
      <NumberInput
        label={t('codes.ui.maxUses')}
        value={maxUses}
        onChange={setMaxUses}
        allowDecimal={false}
        min={1}
        error={error('maxUses')}
        data-testid="promo-create-max"
      />
      <Group justify="flex-end">
        <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="promo-create-save">
          {t('codes.ui.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Validity and maximum uses of a promo code (the discount stays as created). */
function PromoEditForm({ code }: { code: PromoCodeDetail }) {
  const { t } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [from, setFrom] = useState(isoToFirstDay(code.validFrom));
  const [until, setUntil] = useState(isoToLastDay(code.validUntil));
  const [maxUses, setMaxUses] = useState<number | string>(code.maxUses ?? '');
  const save = useMutation({
    mutationFn: () =>
      editCode('promo', code.id, {
        validFrom: firstDayToIso(from),
        validUntil: lastDayToIso(until),
        maxUses: optionalInt(maxUses),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all }),
  });
  const error = (name: string) => fieldErrorOf(save.error, name);
  return (
    <Stack data-testid="code-edit">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DayInput
          label={t('codes.ui.validFrom')}
          value={from}
          onChange={setFrom}
          error={error('validFrom')}
          testId="code-edit-from"
        />
        <DayInput
          label={t('codes.ui.validUntil')}
          value={until}
          onChange={setUntil}
          error={error('validUntil')}
          testId="code-edit-until"
        />
        <NumberInput
          label={t('codes.ui.maxUses')}
          value={maxUses}
          onChange={setMaxUses}
          allowDecimal={false}
          min={1}
          error={error('maxUses')}
          data-testid="code-edit-max"
        />
      </SimpleGrid>
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="code-edit-save">
          {t('ui.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function PromoCodePanel({ id }: { id: number }) {
  const { t } = useTranslation('shop-admin');
  const query = usePromoCode(id);
  const discount = useDiscount();
  const validity = useValidity();
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('codes.ui.loadFailed')}</Alert>;
  const code = query.data;
  const active = code.status !== 'deactivated';
  return (
    <Stack data-testid="code-panel">
      <Group gap="xs">
        <CodeStatusBadge status={code.status} />
        <Text fw={600} data-testid="code-discount">
          {discount(code)}
        </Text>
      </Group>
      <Text size="sm" data-testid="code-validity">
        {validity(code.validFrom, code.validUntil)}
      </Text>
      <Text size="sm" data-testid="code-uses">
        {code.maxUses === null
          ? t('codes.ui.usesUnlimited', { uses: code.uses })
          : t('codes.ui.usesOf', { uses: code.uses, max: code.maxUses })}
      </Text>
      {active && (
        <>
          <Divider />
          <Title order={4}>{t('ui.edit')}</Title>
          <PromoEditForm key={code.events.length} code={code} />
          <Group>
            <DeactivateCode kind="promo" id={code.id} code={code.code} />
          </Group>
        </>
      )}
      <Divider />
      <Title order={4}>{t('ui.events')}</Title>
      <CodeEvents events={code.events} />
    </Stack>
  );
}

/** The promo codes: search, sort by date or code, "Load more", a new code, one code in a drawer. */
export function PromoCodesTab() {
  const { t, i18n } = useTranslation('shop-admin');
  const list = useListState<ShopCodeListSort>('createdAt');
  const { query, rows } = usePromoCodes(listParams(list));
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ id: number; code: string } | null>(null);
  const discount = useDiscount();
  const validity = useValidity();

  return (
    <Stack data-testid="promo-codes">
      <Group justify="space-between" align="flex-end">
        <ListSearch
          list={list}
          label={t('codes.ui.filter')}
          placeholder={t('codes.ui.promoFilterPlaceholder')}
          testId="promo-filter"
        />
        <Button onClick={() => setCreating(true)} data-testid="promo-new">
          {t('codes.ui.newPromo')}
        </Button>
      </Group>
      {query.isError && <LoadError />}
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover data-testid="promo-table">
          <Table.Thead>
            <Table.Tr>
              <SortableTh column="code" list={list} testId="promo">
                {t('codes.ui.code')}
              </SortableTh>
              <Table.Th>{t('codes.ui.discount')}</Table.Th>
              <Table.Th>{t('codes.ui.validity')}</Table.Th>
              <Table.Th>{t('codes.ui.uses')}</Table.Th>
              <Table.Th>{t('codes.ui.status')}</Table.Th>
              <SortableTh column="createdAt" list={list} testId="promo">
                {t('codes.ui.createdAt')}
              </SortableTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id} data-testid={`promo-row-${c.code}`}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => setOpen({ id: c.id, code: c.code })}
                    aria-label={t('codes.ui.open', { code: c.code })}
                    c="blue"
                    ff="monospace"
                    data-testid={`promo-open-${c.code}`}
                  >
                    {c.code}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{discount(c)}</Table.Td>
                <Table.Td>{validity(c.validFrom, c.validUntil)}</Table.Td>
                <Table.Td>{c.maxUses === null ? c.uses : `${c.uses} / ${c.maxUses}`}</Table.Td>
                <Table.Td>
                  <CodeStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td>{new Date(c.createdAt).toLocaleDateString(i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.isSuccess && rows.length === 0 && (
        <Text c="dimmed" data-testid="promo-empty">
          {t('codes.ui.none')}
        </Text>
      )}
      {query.isPending && <CenteredLoader />}
      <ListFooter loaded={rows.length} list={query} testId="promo" />
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('codes.ui.newPromo')}
        data-testid="promo-create"
      >
        {creating && (
          <PromoCodeForm
            onCreated={(created) => {
              setCreating(false);
              setOpen(created);
            }}
          />
        )}
      </Modal>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="lg"
        title={open ? t('codes.ui.detailTitle', { code: open.code }) : ''}
        data-testid="code-drawer"
      >
        {open && <PromoCodePanel id={open.id} />}
      </Drawer>
    </Stack>
  );
}
