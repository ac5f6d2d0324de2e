import { useState } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FORWARDINGS_PER_CHANNEL_MAX } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useForwardings } from './api';
import { AddForwardingForm } from './AddForwardingForm';
import { ForwardingTable } from './ForwardingTable';
import { SigningKeyModal } from './SigningKeyModal';

type Props = { controllerId: number; channel: number };

/** One channel's forwardings, the form to add one (up to the maximum) and a new URL's signing key. */
export function ChannelForwardings({ controllerId, channel }: Props) {
  const { t } = useTranslation(['forwarding', 'errors']);
  const list = useForwardings(controllerId, channel);
  const [signingKey, setSigningKey] = useState<string | null>(null);
  if (list.isPending) return <CenteredLoader />;
  if (list.isError) return <LoadError />;
  const full = list.data.length >= FORWARDINGS_PER_CHANNEL_MAX;
  return (
    <Stack gap="md" data-testid={`forwardings-${channel}`}>
      {list.data.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="forwardings-empty">
          {t('errors:noForwardings')}
        </Text>
      ) : (
        <ForwardingTable controllerId={controllerId} channel={channel} forwardings={list.data} />
      )}
      <Title order={5}>{t('add.title')}</Title>
      {full ? (
        <Text size="sm" data-testid="forwardings-full">
          {t('add.max', { max: FORWARDINGS_PER_CHANNEL_MAX })}
        </Text>
      ) : (
        <AddForwardingForm controllerId={controllerId} channel={channel} onSigningKey={setSigningKey} />
      )}
      <SigningKeyModal signingKey={signingKey} onClose={() => setSigningKey(null)} />
    </Stack>
  );
}
