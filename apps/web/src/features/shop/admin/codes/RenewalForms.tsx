import { useState } from 'react';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SUBSCRIPTION_YEARS,
  RENEWAL_CODE_YEARS_MAX,
  type RenewalCodeDetail,
} from '@hivescope/contract';
import { createRenewalCode, editCode } from './api';
import { isoToLastDay, lastDayToIso } from './days';
import { CountInput, DayInput, SubmitButton, useCodeMutation } from './fields';
import type { OpenedCode } from './CodeTable';

/** The last day a renewal code can be redeemed. */
function UntilInput(props: {
  state: [string, (day: string) => void];
  error: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation('shop-admin');
  return (
    <DayInput
      label={t('codes.ui.validUntil')}
      value={props.state[0]}
      onChange={props.state[1]}
      error={props.error}
      testId={props.testId}
    />
  );
}

/** A standalone renewal code: years (+ bonus days), uses and an optional last day. */
export function RenewalCodeForm({ onCreated }: { onCreated: (created: OpenedCode) => void }) {
  const { t } = useTranslation('shop-admin');
  const [years, setYears] = useState<number | string>(DEFAULT_SUBSCRIPTION_YEARS);
  const [bonusDays, setBonusDays] = useState<number | string>(0);
  const [uses, setUses] = useState<number | string>(1);
  const until = useState('');
  const { mutation, error } = useCodeMutation(
    () =>
      createRenewalCode({
        years: Number(years),
        bonusDays: bonusDays === '' ? 0 : Number(bonusDays),
        uses: Number(uses),
        validUntil: lastDayToIso(until[0]),
      }),
    onCreated,
  );
  return (
    <Stack data-testid="rcode-create-form">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <CountInput
          label={t('codes.ui.years')}
          value={years}
          onChange={setYears}
          min={1}
          max={RENEWAL_CODE_YEARS_MAX}
          error={error('years')}
          testId="rcode-create-years"
        />
        <CountInput
          label={t('codes.ui.bonusDays')}
          value={bonusDays}
          onChange={setBonusDays}
          min={0}
          error={error('bonusDays')}
          testId="rcode-create-bonus"
        />
        <CountInput
          label={t('codes.ui.usesCount')}
          value={uses}
          onChange={setUses}
          min={1}
          error={error('uses')}
          testId="rcode-create-uses"
        />
      </SimpleGrid>
      <UntilInput state={until} error={error('validUntil')} testId="rcode-create-until" />
      <SubmitButton mutation={mutation} label={t('codes.ui.create')} testId="rcode-create-save" end />
    </Stack>
  );
}

/** Uses left and the last day of a renewal code (years stay as issued). */
export function RenewalEditForm({ code }: { code: RenewalCodeDetail }) {
  const { t } = useTranslation('shop-admin');
  const [uses, setUses] = useState<number | string>(code.usesRemaining);
  const until = useState(isoToLastDay(code.validUntil));
  const { mutation, error } = useCodeMutation(() =>
    editCode('renewal', code.id, { usesRemaining: Number(uses), validUntil: lastDayToIso(until[0]) }),
  );
  return (
    <Stack data-testid="code-edit">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <CountInput
          label={t('codes.ui.usesRemaining')}
          value={uses}
          onChange={setUses}
          min={0}
          error={error('usesRemaining')}
          testId="code-edit-uses"
        />
        <UntilInput state={until} error={error('validUntil')} testId="code-edit-until" />
      </SimpleGrid>
      <SubmitButton mutation={mutation} label={t('ui.save')} testId="code-edit-save" />
    </Stack>
  );
}
