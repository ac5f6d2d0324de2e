import { Fragment, type ReactNode } from 'react';
import { Alert, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ShopCodeEvent, ShopCodeStatus } from '@hivescope/contract';
import { CenteredLoader } from '../../../../components/ui/CenteredLoader';
import type { CodeKind } from './api';
import { CodeEvents, CodeStatusBadge, DeactivateCode } from './shared';

type PanelCode = { id: number; code: string; status: ShopCodeStatus; events: ShopCodeEvent[] };

/** One line of what a code is (validity, uses, origin). */
export function CodeFact({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Text size="sm" data-testid={testId}>
      {children}
    </Text>
  );
}

/**
 * One code in the drawer: status and what it gives (`headline`), its facts, the edit form and "Deactivate"
 * while it is not deactivated, `extra` sections, then its history.
 */
export function CodePanel<C extends PanelCode>(props: {
  kind: CodeKind;
  query: UseQueryResult<C>;
  headline: (code: C) => { text: string; testId: string };
  facts: (code: C) => ReactNode;
  edit: (code: C) => ReactNode;
  extra?: (code: C) => ReactNode;
}) {
  const { t } = useTranslation('shop-admin');
  const { query } = props;
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('codes.ui.loadFailed')}</Alert>;
  const code = query.data;
  const headline = props.headline(code);
  return (
    <Stack data-testid="code-panel">
      <Group gap="xs">
        <CodeStatusBadge status={code.status} />
        <Text fw={600} data-testid={headline.testId}>
          {headline.text}
        </Text>
      </Group>
      {props.facts(code)}
      {code.status !== 'deactivated' && (
        <>
          <Divider />
          <Title order={4}>{t('ui.edit')}</Title>
          {/* a new event (a save) starts the form over from the saved values */}
          <Fragment key={code.events.length}>{props.edit(code)}</Fragment>
          <Group>
            <DeactivateCode kind={props.kind} id={code.id} code={code.code} />
          </Group>
        </>
      )}
      {props.extra?.(code)}
      <Divider />
      <Title order={4}>{t('ui.events')}</Title>
      <CodeEvents events={code.events} />
    </Stack>
  );
}
