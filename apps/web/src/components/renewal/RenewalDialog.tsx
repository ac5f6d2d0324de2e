import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTicket } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Controller, RenewalRedeemAnswer } from '@hivescope/contract';
import { useAppSelector } from '../../app/store/hooks';
import { selectLocale } from '../../app/store/selectors';
import { formatDate } from '../../lib/format';
import { formatRenewalCode, useRenewal } from '../../lib/renewal';

type Props = { controller: Pick<Controller, 'id' | 'name'>; compact?: boolean };

/** "Redeem renewal code": a dialog that extends the controller's subscription (docs/shop.md "Renewal codes"). */
export function RenewalDialog({ controller, compact = false }: Props) {
  const { t } = useTranslation('shop');
  const locale = useAppSelector(selectLocale);
  const [opened, { open, close }] = useDisclosure(false);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<RenewalRedeemAnswer | null>(null);
  const { mutation, refresh } = useRenewal(controller.id);
  const closeDialog = () => {
    close();
    if (done) void refresh();
  };
  const openDialog = () => {
    setCode('');
    setDone(null);
    mutation.reset();
    open();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mutation.mutate(code, { onSuccess: (answer) => setDone(answer) });
  };
  const error = mutation.error ? mutation.error.message : null;
  return (
    <>
      <Button
        variant={compact ? 'light' : 'default'}
        size={compact ? 'xs' : 'sm'}
        leftSection={<IconTicket size={16} />}
        onClick={openDialog}
        data-testid={`renewal-open-${controller.id}`}
      >
        {t('renewal.open')}
      </Button>
      <Modal opened={opened} onClose={closeDialog} title={`${t('renewal.title')} – ${controller.name}`}>
        {done ? (
          <Stack gap="sm" data-testid="renewal-done">
            <Alert color="green">{done.message}</Alert>
            <Text data-testid="renewal-new-end">
              {t('renewal.newEnd', { date: formatDate(done.subscriptionEnd, locale) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('renewal.usesRemaining', { count: done.usesRemaining })}
            </Text>
            <Group justify="flex-end">
              <Button onClick={closeDialog} data-testid="renewal-close">
                {t('renewal.close')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate data-testid="renewal-form">
            <Stack gap="sm">
              <TextInput
                label={t('renewal.code')}
                description={t('renewal.codeHint')}
                placeholder={t('renewal.codePlaceholder')}
                value={code}
                onChange={(e) => setCode(formatRenewalCode(e.currentTarget.value))}
                error={error}
                autoComplete="off"
                spellCheck={false}
                data-autofocus
                data-testid="renewal-code"
                styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={closeDialog}>
                  {t('renewal.close')}
                </Button>
                <Button type="submit" loading={mutation.isPending} data-testid="renewal-submit">
                  {t('renewal.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
