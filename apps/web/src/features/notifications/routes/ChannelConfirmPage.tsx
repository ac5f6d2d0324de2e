import { useEffect, useRef } from 'react';
import { Alert, Anchor, Card, Container } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { channelConfirmTokenSchema } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { confirmToken } from '../api';

/**
 * /notifications/confirm?token=… — the link of a channel's confirmation mail. Public: the mail may be opened
 * on a device where the person is not logged in. The token is posted once; the page shows the outcome.
 */
export default function ChannelConfirmPage() {
  const { t } = useTranslation(['notifications', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = channelConfirmTokenSchema.safeParse({ token }).success;
  const mutation = useMutation({ mutationFn: confirmToken, meta: { silent: true } });
  const sent = useRef(false);
  const { mutate } = mutation;

  useEffect(() => {
    if (!valid || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [valid, token, mutate]);

  const failed = !valid || mutation.isError;
  return (
    <Container size="xs" py="xl">
      <Card withBorder padding="lg" data-testid="channel-confirm-page">
        <PageTitle>{t('common:screens.notificationConfirm')}</PageTitle>
        {valid && mutation.isPending && <CenteredLoader label={t('confirmPage.checking')} />}
        {mutation.isSuccess && (
          <Alert color="green" data-testid="channel-confirm-success">
            {mutation.data.message}{' '}
            <Anchor component={Link} to="/settings?tab=notifications">
              {t('confirmPage.toSettings')}
            </Anchor>
          </Alert>
        )}
        {failed && (
          <Alert color="red" data-testid="channel-confirm-error">
            {mutation.error?.message ?? t('errors:invalidConfirmation')}
          </Alert>
        )}
      </Card>
    </Container>
  );
}
