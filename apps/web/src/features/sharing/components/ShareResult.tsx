import { Alert, Anchor, Button, Code, CopyButton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ShareCreateResponse } from '@hivescope/contract';
import { iframeSnippet } from '../shareForm';

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('sharing');
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm">
        {label}
      </Text>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy} w="fit-content" data-testid={`${testId}-copy`}>
            {copied ? t('result.copied') : t('result.copy')}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** The new share's link (and iframe snippet), shown once: only the token's hash is stored (docs/shares.md). */
export function ShareResult({ created }: { created: ShareCreateResponse }) {
  const { t } = useTranslation('sharing');
  return (
    <Stack data-testid="share-result">
      <Alert color="yellow">{t('result.once')}</Alert>
      {created.share.kind === 'iframe' && (
        <Copyable
          label={t('result.iframe')}
          value={iframeSnippet(created.url, created.share.description || t('public.title'))}
          testId="share-iframe"
        />
      )}
      <Copyable label={t('result.link')} value={created.url} testId="share-url" />
      <Anchor href={created.url} target="_blank" rel="noopener" data-testid="share-open">
        {t('result.open')}
      </Anchor>
    </Stack>
  );
}
