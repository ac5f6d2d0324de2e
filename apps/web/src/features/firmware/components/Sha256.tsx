import { ActionIcon, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shortSha } from '../form';

/** A SHA-256 shortened to its first characters (the whole one on hover), with a button that copies it whole. */
export function Sha256({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation('firmware');
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={value} withArrow>
        <Code data-testid={testId} data-sha256={value} tabIndex={0}>
          {shortSha(value)}…
        </Code>
      </Tooltip>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('versions.copied') : t('versions.copySha')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              onClick={copy}
              aria-label={t('versions.copySha')}
              data-testid={`${testId}-copy`}
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
