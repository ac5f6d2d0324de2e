import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useImportCantons } from '../api';
import { RegionsManager } from '../components/RegionsManager';

/** /a/regions — the global regions; the Swiss cantons in one action, with their source named. */
export default function AdminRegionsPage() {
  const { t } = useTranslation(['common', 'regions']);
  const cantons = useImportCantons();
  return (
    <Stack data-testid="admin-regions" maw={1100}>
      <PageTitle>{t('screens.adminRegions')}</PageTitle>
      <Text c="dimmed">
        {t('regions:adminIntro')} {t('regions:intro')}
      </Text>
      <Group justify="space-between" align="center">
        <Text size="sm" data-testid="cantons-attribution">
          {t('regions:attribution')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          loading={cantons.isPending}
          onClick={() => cantons.mutate()}
          data-testid="import-cantons"
        >
          {t('regions:importCantons')}
        </Button>
      </Group>
      <RegionsManager scope="global" />
    </Stack>
  );
}
