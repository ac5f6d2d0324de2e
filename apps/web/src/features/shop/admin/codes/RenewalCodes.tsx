import { useState } from 'react';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SUBSCRIPTION_YEARS,
  RENEWAL_CODE_YEARS_MAX,
  type RenewalCodeDetail,
  type RenewalCodeItem,
  type ShopCodeListSort,
} from '@hivescope/contract';
import { ListFooter } from '../../../../components/list/ListFooter';
import { ListSearch } from '../../../../components/list/ListSearch';
import { SortableTh } from '../../../../components/list/SortableTh';
import { listParams, useListState } from '../../../../components/list/useListState';
import { CenteredLoader } from '../../../../components/ui/CenteredLoader';
import { LoadError } from '../../../../components/ui/LoadError';
import { codeKeys, createRenewalCode, editCode, useRenewalCode, useRenewalCodes } from './api';
import { isoToLastDay, lastDayToIso } from './days';
import { CodeEvents, CodeStatusBadge, DayInput, DeactivateCode, fieldErrorOf, useValidity } from './shared';

/** "2 years" or "2 years + 15 days". */
function useTerm() {
  const { t } = useTranslation('shop-admin');
  return (c: Pick<RenewalCodeItem, 'years' | 'bonusDays'>) =>
    c.bonusDays > 0
      ? t('codes.ui.termBonus', { count: c.years, days: c.bonusDays })
      : t('codes.ui.term', { count: c.years });
}

/** A standalone renewal code: years (+ bonus days), uses and an optional last day. */
function RenewalCodeForm({ onCreated }: { onCreated: (created: { id: number; code: string }) => void }) {
  const { t } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [years, setYears] = useState<number | string>(DEFAULT_SUBSCRIPTION_YEARS);
  const [bonusDays, setBonusDays] = useState<number | string>(0);
  const [uses, setUses] = useState<number | string>(1);
  const [until, setUntil] = useState('');
  const create = useMutation({
    mutationFn: () =>
      createRenewalCode({
        years: Number(years),
        bonusDays: bonusDays === '' ? 0 : Number(bonusDays),
        uses: Number(uses),
        validUntil: lastDayToIso(until),
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: codeKeys.all });
      onCreated(created);
    },
  });
  const error = (name: string) => fieldErrorOf(create.error, name);
  return (
    <Stack data-testid="rcode-create-form">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label={t('codes.ui.years')}
          value={years}
          onChange={setYears}
          allowDecimal={false}
          min={1}
          max={RENEWAL_CODE_YEARS_MAX}
          error={error('years')}
          data-testid="rcode-create-years"
        />
        <NumberInput
          label={t('codes.ui.bonusDays')}
          value={bonusDays}
          onChange={setBonusDays}
          allowDecimal={false}
          min={0}
          error={error('bonusDays')}
          data-testid="rcode-create-bonus"
        />
        <NumberInput
          label={t('codes.ui.usesCount')}
          value={uses}
          onChange={setUses}
          allowDecimal={false}
          min={1}
          error={error('uses')}
          data-testid="rcode-create-uses"
        />
      </SimpleGrid>
      <DayInput
        label={t('codes.ui.validUntil')}
        value={until}
        onChange={setUntil}
        error={error('validUntil')}
        testId="rcode-create-until"
      />
      <Group justify="flex-end">
        <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="rcode-create-save">
          {t('codes.ui.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Uses left and the last day of a renewal code (years stay as issued). */
function RenewalEditForm({ code }: { code: RenewalCodeDetail }) {
  const { t } = useTranslation('shop-admin');
  const queryClient = useQueryClient();
  const [uses, setUses] = useState<number | string>(code.usesRemaining);
  const [until, setUntil] = useState(isoToLastDay(code.validUntil));
  const save = useMutation({
    mutationFn: () =>
      editCode('renewal', code.id, { usesRemaining: Number(uses), validUntil: lastDayToIso(until) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all }),
  });
  const error = (name: string) => fieldErrorOf(save.error, name);
  return (
    <Stack data-testid="code-edit">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label={t('codes.ui.usesRemaining')}
          value={uses}
          onChange={setUses}
          allowDecimal={false}
          min={0}
          error={error('usesRemaining')}
          data-testid="code-edit-uses"
        />
        <DayInput
          label={t('codes.ui.validUntil')}
          value={until}
          onChange={setUntil}
          error={error('validUntil')}
          testId="code-edit-until"
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

/** Each redemption of the code: when, which transmitter, by whom, its subscription end before and after. */
function Redemptions({ code }: { code: RenewalCodeDetail }) {
  const { t, i18n } = useTranslation('shop-admin');
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  if (code.redemptionLog.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="code-redemptions-none">
        {t('codes.ui.noRedemptions')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table data-testid="code-redemptions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('codes.ui.when')}</Table.Th>
            <Table.Th>{t('codes.ui.transmitter')}</Table.Th>
            <Table.Th>{t('codes.ui.by')}</Table.Th>
            <Table.Th>{t('codes.ui.endsBefore')}</Table.Th>
            <Table.Th>{t('codes.ui.endsAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {code.redemptionLog.map((r) => (
            <Table.Tr key={r.id} data-testid="code-redemption">
              <Table.Td>{new Date(r.createdAt).toLocaleString(i18n.language)}</Table.Td>
              <Table.Td>
                {r.controllerName ?? t('codes.ui.deletedTransmitter')}
                {r.controllerId !== null && ` (${r.controllerId})`}
              </Table.Td>
              <Table.Td>{r.userEmail ?? '–'}</Table.Td>
              <Table.Td>{date(r.endsBefore)}</Table.Td>
              <Table.Td>{date(r.endsAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RenewalCodePanel({ id }: { id: number }) {
  const { t } = useTranslation('shop-admin');
  const query = useRenewalCode(id);
  const term = useTerm();
  const validity = useValidity();
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('codes.ui.loadFailed')}</Alert>;
  const code = query.data;
  return (
    <Stack data-testid="code-panel">
      <Group gap="xs">
        <CodeStatusBadge status={code.status} />
        <Text fw={600} data-testid="code-term">
          {term(code)}
        </Text>
      </Group>
      <Text size="sm" data-testid="code-origin">
        {code.orderKey ? t('codes.ui.fromOrder', { key: code.orderKey }) : t('codes.ui.standalone')}
      </Text>
      <Text size="sm" data-testid="code-validity">
        {validity(null, code.validUntil)}
      </Text>
      <Text size="sm" data-testid="code-uses">
        {t('codes.ui.usesLeft', { count: code.usesRemaining, redeemed: code.redemptions })}
      </Text>
      {code.status !== 'deactivated' && (
        <>
          <Divider />
          <Title order={4}>{t('ui.edit')}</Title>
          <RenewalEditForm key={code.events.length} code={code} />
          <Group>
            <DeactivateCode kind="renewal" id={code.id} code={code.code} />
          </Group>
        </>
      )}
      <Divider />
      <Title order={4}>{t('codes.ui.redemptions')}</Title>
      <Redemptions code={code} />
      <Divider />
      <Title order={4}>{t('ui.events')}</Title>
      <CodeEvents events={code.events} />
    </Stack>
  );
}

/** The renewal codes (bought and standalone): search by code or order key, sort, a new code, one in a drawer. */
export function RenewalCodesTab() {
  const { t, i18n } = useTranslation('shop-admin');
  const list = useListState<ShopCodeListSort>('createdAt');
  const { query, rows } = useRenewalCodes(listParams(list));
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<{ id: number; code: string } | null>(null);
  const term = useTerm();
  const validity = useValidity();

  return (
    <Stack data-testid="renewal-codes">
      <Group justify="space-between" align="flex-end">
        <ListSearch
          list={list}
          label={t('codes.ui.filter')}
          placeholder={t('codes.ui.renewalFilterPlaceholder')}
          testId="rcode-filter"
        />
        <Button onClick={() => setCreating(true)} data-testid="rcode-new">
          {t('codes.ui.newRenewal')}
        </Button>
      </Group>
      {query.isError && <LoadError />}
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover data-testid="rcode-table">
          <Table.Thead>
            <Table.Tr>
              <SortableTh column="code" list={list} testId="rcode">
                {t('codes.ui.code')}
              </SortableTh>
              <Table.Th>{t('codes.ui.origin')}</Table.Th>
              <Table.Th>{t('codes.ui.termLabel')}</Table.Th>
              <Table.Th>{t('codes.ui.usesRemaining')}</Table.Th>
              <Table.Th>{t('codes.ui.redemptions')}</Table.Th>
              <Table.Th>{t('codes.ui.validity')}</Table.Th>
              <Table.Th>{t('codes.ui.status')}</Table.Th>
              <SortableTh column="createdAt" list={list} testId="rcode">
                {t('codes.ui.createdAt')}
              </SortableTh>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id} data-testid={`rcode-row-${c.code}`}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => setOpen({ id: c.id, code: c.code })}
                    aria-label={t('codes.ui.open', { code: c.code })}
                    c="blue"
                    ff="monospace"
                    data-testid={`rcode-open-${c.code}`}
                  >
                    {c.code}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{c.orderKey ?? t('codes.ui.standaloneShort')}</Table.Td>
                <Table.Td>{term(c)}</Table.Td>
                <Table.Td>{c.usesRemaining}</Table.Td>
                <Table.Td>{c.redemptions}</Table.Td>
                <Table.Td>{validity(null, c.validUntil)}</Table.Td>
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
        <Text c="dimmed" data-testid="rcode-empty">
          {t('codes.ui.none')}
        </Text>
      )}
      {query.isPending && <CenteredLoader />}
      <ListFooter loaded={rows.length} list={query} testId="rcode" />
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('codes.ui.newRenewal')}
        data-testid="rcode-create"
      >
        {creating && (
          <RenewalCodeForm
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
        size="xl"
        title={open ? t('codes.ui.detailTitle', { code: open.code }) : ''}
        data-testid="code-drawer"
      >
        {open && <RenewalCodePanel id={open.id} />}
      </Drawer>
    </Stack>
  );
}
