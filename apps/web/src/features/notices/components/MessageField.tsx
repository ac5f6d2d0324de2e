import { Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelType } from '@hivescope/contract';
import { counterOf } from '../form';

type Props = {
  value: string;
  types: readonly ChannelType[];
  error: string | undefined;
  onChange: (value: string) => void;
};

/**
 * The notice text with a live counter: characters against the limit, and with SMS chosen the GSM-7
 * characters and SMS parts (docs/notices.md "Message"). The counter is announced politely as it changes.
 */
export function MessageField({ value, types, error, onChange }: Props) {
  const { t } = useTranslation('notices');
  const counter = counterOf(value, types);
  return (
    <Stack gap={4}>
      <Textarea
        label={t('form.message')}
        description={t('form.messageHint')}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        autosize
        minRows={4}
        maxRows={12}
        required
        data-testid="notice-message"
      />
      <Text
        id="notice-counter"
        size="sm"
        c={counter.over ? 'red.8' : 'dimmed'}
        aria-live="polite"
        data-testid="notice-counter"
      >
        {t(counter.key, counter.params)}
      </Text>
      {counter.replaced && (
        <Text size="sm" c="dimmed" data-testid="notice-counter-replaced">
          {t('counter.replaced')}
        </Text>
      )}
    </Stack>
  );
}
