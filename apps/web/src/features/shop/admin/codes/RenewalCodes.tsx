import { useTranslation } from 'react-i18next';
import type { RenewalCodeItem, ShopCodeListSort } from '@hivescope/contract';
import { listParams, useListState } from '../../../../components/list/useListState';
import { useRenewalCode, useRenewalCodes } from './api';
import { CodeList } from './CodeList';
import { CodeFact, CodePanel } from './CodePanel';
import { Redemptions } from './Redemptions';
import { RenewalCodeForm, RenewalEditForm } from './RenewalForms';
import { useValidity } from './shared';

/** "2 years" or "2 years + 15 days". */
function useTerm() {
  const { t } = useTranslation('shop-admin');
  return (c: Pick<RenewalCodeItem, 'years' | 'bonusDays'>) =>
    c.bonusDays > 0
      ? t('codes.ui.termBonus', { count: c.years, days: c.bonusDays })
      : t('codes.ui.term', { count: c.years });
}

function RenewalCodePanel({ id }: { id: number }) {
  const { t } = useTranslation('shop-admin');
  const term = useTerm();
  const validity = useValidity();
  const query = useRenewalCode(id);
  return (
    <CodePanel
      kind="renewal"
      query={query}
      headline={(code) => ({ text: term(code), testId: 'code-term' })}
      facts={(code) => (
        <>
          <CodeFact testId="code-origin">
            {code.orderKey ? t('codes.ui.fromOrder', { key: code.orderKey }) : t('codes.ui.standalone')}
          </CodeFact>
          <CodeFact testId="code-validity">{validity(null, code.validUntil)}</CodeFact>
          <CodeFact testId="code-uses">
            {t('codes.ui.usesLeft', { count: code.usesRemaining, redeemed: code.redemptions })}
          </CodeFact>
        </>
      )}
      edit={(code) => <RenewalEditForm code={code} />}
      extra={(code) => <Redemptions code={code} />}
    />
  );
}

/** The renewal codes (bought and standalone): search by code or order key, sort, a new code, one in a drawer. */
export function RenewalCodesTab() {
  const { t } = useTranslation('shop-admin');
  const list = useListState<ShopCodeListSort>('createdAt');
  const paged = useRenewalCodes(listParams(list));
  const term = useTerm();
  const validity = useValidity();

  return (
    <CodeList
      testId="renewal-codes"
      prefix="rcode"
      list={list}
      paged={paged}
      texts={{ filterPlaceholder: t('codes.ui.renewalFilterPlaceholder'), newCode: t('codes.ui.newRenewal') }}
      columns={[
        { header: t('codes.ui.origin'), cell: (c) => c.orderKey ?? t('codes.ui.standaloneShort') },
        { header: t('codes.ui.termLabel'), cell: term },
        { header: t('codes.ui.usesRemaining'), cell: (c) => c.usesRemaining },
        { header: t('codes.ui.redemptions'), cell: (c) => c.redemptions },
        { header: t('codes.ui.validity'), cell: (c) => validity(null, c.validUntil) },
      ]}
      minWidth={760}
      drawerSize="xl"
      createForm={(onCreated) => <RenewalCodeForm onCreated={onCreated} />}
      panel={(id) => <RenewalCodePanel id={id} />}
    />
  );
}
