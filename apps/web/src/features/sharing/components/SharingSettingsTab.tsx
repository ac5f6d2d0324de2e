import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readSharePrefill } from '../../../lib/shareUrl';
import { ShareForm } from './ShareForm';
import { ShareList } from './ShareList';

/**
 * Settings → Sharing (docs/shares.md): the caller's shares and the create form. `?share=new&…` (the timeline's
 * share button, lib/shareUrl.ts) opens the form prefilled.
 */
export default function SharingSettingsTab() {
  const { t } = useTranslation(['sharing', 'common']);
  const [params, setParams] = useSearchParams();
  const prefill = readSharePrefill(params);
  const open = (yes: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams({ tab: p.get('tab') ?? 'sharing' });
        if (yes) next.set('share', 'new');
        return next;
      },
      { replace: !yes },
    );
  return (
    <Stack data-testid="settings-tab-sharing" maw={1100} gap="md">
      <Title order={2}>{t('common:settingsTabs.sharing')}</Title>
      <Text size="sm" c="dimmed">
        {t('sharing:intro')}
      </Text>
      <Group>
        <Button onClick={() => open(true)} data-testid="share-new">
          {t('sharing:new')}
        </Button>
      </Group>
      <ShareList />
      <ShareForm opened={prefill !== null} prefill={prefill} onClose={() => open(false)} />
    </Stack>
  );
}
