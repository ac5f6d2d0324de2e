import { useState } from 'react';
import { NumberInput, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PromoCodeDetail } from '@hivescope/contract';
import { createPromoCode, editCode } from './api';
import { firstDayToIso, isoToFirstDay, isoToLastDay, lastDayToIso } from './days';
import { CountInput, DayRange, SubmitButton, useCodeMutation } from './fields';
import type { OpenedCode } from './CodeTable';

const toCentimes = (chf: number | string) => Math.round(Number(chf) * 100);
const optionalInt = (v: number | string) => (v === '' ? null : Number(v));

/** The days a promo code is valid and its maximum uses, as a form holds them. */
function useValidityAndUses(initial?: PromoCodeDetail) {
  const from = useState(isoToFirstDay(initial?.validFrom ?? null));
  const until = useState(isoToLastDay(initial?.validUntil ?? null));
  const maxUses = useState<number | string>(initial?.maxUses ?? '');
  const body = () => ({
    validFrom: firstDayToIso(from[0]),
    validUntil: lastDayToIso(until[0]),
    maxUses: optionalInt(maxUses[0]),
  });
  return { from, until, maxUses, body };
}

function MaxUsesInput(props: {
  state: [number | string, (v: number | string) => void];
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation('shop-admin');
  return (
    <CountInput
      label={t('codes.ui.maxUses')}
      value={props.state[0]}
      onChange={props.state[1]}
      min={1}
      error={props.error}
      testId={props.testId}
    />
  );
}

/** New promo code: the code, a percentage or an amount, the days it is valid and its maximum uses. */
export function PromoCodeForm({ onCreated }: { onCreated: (created: OpenedCode) => void }) {
  const { t } = useTranslation('shop-admin');
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState<number | string>('');
  const fields = useValidityAndUses();
  const { mutation, error } = useCodeMutation(
    () =>
      createPromoCode({
        code,
        ...(kind === 'percent'
          ? { percent: value === '' ? null : Number(value) }
          : { amount: value === '' ? null : toCentimes(value) }),
        ...fields.body(),
      }),
    onCreated,
  );

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
        <DayRange from={fields.from} until={fields.until} error={error} testId="promo-create" />
      </SimpleGrid>
      <MaxUsesInput state={fields.maxUses} error={error('maxUses')} testId="promo-create-max" />
      <SubmitButton mutation={mutation} label={t('codes.ui.create')} testId="promo-create-save" end />
    </Stack>
  );
}

/** Validity and maximum uses of a promo code (the discount stays as created). */
export function PromoEditForm({ code }: { code: PromoCodeDetail }) {
  const { t } = useTranslation('shop-admin');
  const fields = useValidityAndUses(code);
  const { mutation, error } = useCodeMutation(() => editCode('promo', code.id, fields.body()));
  return (
    <Stack data-testid="code-edit">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DayRange from={fields.from} until={fields.until} error={error} testId="code-edit" />
        <MaxUsesInput state={fields.maxUses} error={error('maxUses')} testId="code-edit-max" />
      </SimpleGrid>
      <SubmitButton mutation={mutation} label={t('ui.save')} testId="code-edit-save" />
    </Stack>
  );
}
