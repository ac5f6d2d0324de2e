import { ActionIcon, Alert, Code, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { deviceReportExample } from '../deviceExample';

/** A device token shown once (it is stored hashed): highlighted, copyable, with an example report. */
export function DeviceTokenBox({ token, imsi, imei }: { token: string; imsi: string; imei?: string | null }) {
  const { t } = useTranslation('admin-controllers');
  return (
    <Stack gap="sm" data-testid="device-token-box">
      <Alert color="orange" icon={<IconAlertTriangle />} title={t('token.title')}>
        {t('token.warning')}
      </Alert>
      <Paper withBorder p="sm" bg="var(--mantine-color-yellow-light)">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Code fz="md" style={{ wordBreak: 'break-all' }} data-testid="device-token">
            {token}
          </Code>
          <CopyButton value={token}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('token.copied') : t('token.copy')} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'green' : 'gray'}
                  onClick={copy}
                  aria-label={t('token.copy')}
                  data-testid="device-token-copy"
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Paper>
      <Text size="sm">{t('token.exampleHint')}</Text>
      <Code block tabIndex={0} data-testid="device-token-example">
        {deviceReportExample(window.location.origin, token, imsi, imei)}
      </Code>
    </Stack>
  );
}
