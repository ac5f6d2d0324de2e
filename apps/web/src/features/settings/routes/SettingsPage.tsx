import { Suspense } from 'react';
import { ScrollArea, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageErrorBoundary } from '../../../components/ui/PageErrorBoundary';
import { PageTitle } from '../../../components/ui/PageTitle';
import { SETTINGS_TABS, SETTINGS_TAB_COMPONENTS, toSettingsTab } from '../tabs';

/** /settings?tab=<id> — one tab per settings area; only the active tab's chunk is loaded. */
export default function SettingsPage() {
  const { t } = useTranslation('common');
  const [params, setParams] = useSearchParams();
  const active = toSettingsTab(params.get('tab'));
  const Active = SETTINGS_TAB_COMPONENTS[active];

  return (
    <>
      <PageTitle>{t('screens.settings')}</PageTitle>
      <Tabs
        value={active}
        onChange={(value) => value && setParams({ tab: value }, { replace: false })}
        keepMounted={false}
      >
        <ScrollArea type="hover" scrollbarSize={4}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {SETTINGS_TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab} data-testid={`settings-tab-button-${tab}`}>
                {t(`settingsTabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        <Tabs.Panel value={active} pt="md">
          <PageErrorBoundary key={active}>
            <Suspense fallback={<CenteredLoader />}>
              <Active />
            </Suspense>
          </PageErrorBoundary>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
