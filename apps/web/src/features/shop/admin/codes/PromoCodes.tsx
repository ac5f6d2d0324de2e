import { useTranslation } from 'react-i18next';
import type { PromoCodeItem, ShopCodeListSort } from '@hivescope/contract';
import { listParams, useListState } from '../../../../components/list/useListState';
import { formatChf } from '../../format';
import { usePromoCode, usePromoCodes } from './api';
import { CodeList } from './CodeList';
import { CodeFact, CodePanel } from './CodePanel';
import { PromoCodeForm, PromoEditForm } from './PromoForms';
import { useValidity } from './shared';

/** A promo code's discount: "12.5 %" or "CHF 20.00". */
function useDiscount() {
  const { i18n } = useTranslation();
  return (c: Pick<PromoCodeItem, 'percent' | 'amount'>) =>
    c.percent !== null
      ? `${c.percent.toLocaleString(i18n.language)} %`
      : formatChf(c.amount ?? 0, i18n.language);
}

function PromoCodePanel({ id }: { id: number }) {
  const { t } = useTranslation('shop-admin');
  const discount = useDiscount();
  const validity = useValidity();
  const query = usePromoCode(id);
  return (
    <CodePanel
      kind="promo"
      query={query}
      headline={(code) => ({ text: discount(code), testId: 'code-discount' })}
      facts={(code) => (
        <>
          <CodeFact testId="code-validity">{validity(code.validFrom, code.validUntil)}</CodeFact>
          <CodeFact testId="code-uses">
            {code.maxUses === null
              ? t('codes.ui.usesUnlimited', { uses: code.uses })
              : t('codes.ui.usesOf', { uses: code.uses, max: code.maxUses })}
          </CodeFact>
        </>
      )}
      edit={(code) => <PromoEditForm code={code} />}
    />
  );
}

/** The promo codes: search, sort by date or code, "Load more", a new code, one code in a drawer. */
export function PromoCodesTab() {
  const { t } = useTranslation('shop-admin');
  const list = useListState<ShopCodeListSort>('createdAt');
  const paged = usePromoCodes(listParams(list));
  const discount = useDiscount();
  const validity = useValidity();

  return (
    <CodeList
      testId="promo-codes"
      prefix="promo"
      list={list}
      paged={paged}
      texts={{ filterPlaceholder: t('codes.ui.promoFilterPlaceholder'), newCode: t('codes.ui.newPromo') }}
      columns={[
        { header: t('codes.ui.discount'), cell: discount },
        { header: t('codes.ui.validity'), cell: (c) => validity(c.validFrom, c.validUntil) },
        {
          header: t('codes.ui.uses'),
          cell: (c) => (c.maxUses === null ? c.uses : `${c.uses} / ${c.maxUses}`),
        },
      ]}
      minWidth={720}
      drawerSize="lg"
      createForm={(onCreated) => <PromoCodeForm onCreated={onCreated} />}
      panel={(id) => <PromoCodePanel id={id} />}
    />
  );
}
