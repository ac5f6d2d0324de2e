import { Suspense, useEffect, useMemo } from 'react';
import { Box, NativeSelect, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageErrorBoundary } from '../../../components/ui/PageErrorBoundary';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { useBrand } from '../../../app/store/useBrand';
import { allowedSettingsTabs, toSettingsTab, type SettingsTabComponents } from '../tabs';

/** Below this width the tab row would not fit: a select picks the tab instead (Mantine's `sm`). */
const PHONE_QUERY = '(max-width: 48em)';

/**
 * /settings?tab=<id> — the tabs the user's role may see (features/settings/tabs.ts); a tab the role may not
 * see falls back to the first allowed one. Only the active tab's chunk is loaded. The tabs' components are
 * passed in by app/wiring (they belong to other features).
 */
export default function SettingsPage({ tabs }: { tabs: SettingsTabComponents }) {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectUser);
  const { shopFeatures } = useBrand();
  const allowed = useMemo(() => allowedSettingsTabs({ user, shopFeatures }), [user, shopFeatures]);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active = toSettingsTab(requested, allowed);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const select = (value: string | null) => value && setParams({ tab: value }, { replace: false });

  // A tab the role may not see (or an unknown one) is replaced in the address bar by the one shown.
  useEffect(() => {
    if (requested !== null && requested !== active) setParams({ tab: active }, { replace: true });
  }, [requested, active, setParams]);

  const Active = tabs[active];
  const content = (
    <PageErrorBoundary key={active} section>
      <Suspense fallback={<CenteredLoader />}>
        <Active />
      </Suspense>
    </PageErrorBoundary>
  );

  return (
    <>
      <PageTitle>{t('screens.settings')}</PageTitle>
      {phone ? (
        <>
          <NativeSelect
            label={t('settingsSection')}
            value={active}
            onChange={(event) => select(event.currentTarget.value)}
            data={allowed.map((tab) => ({ value: tab, label: t(`settingsTabs.${tab}`) }))}
            data-testid="settings-tab-select"
          />
          <Box pt="md">{content}</Box>
        </>
      ) : (
        <Tabs
          value={active}
          onChange={select}
          keepMounted={false}
          // a little less padding than Mantine's default: an admin's eleven tabs fit one row at 1280 px
          styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)' } }}
        >
          {/* The row wraps instead of scrolling, so no tab is ever hidden off-screen. */}
          <Tabs.List style={{ flexWrap: 'wrap' }} data-testid="settings-tab-list">
            {allowed.map((tab) => (
              <Tabs.Tab key={tab} value={tab} data-testid={`settings-tab-button-${tab}`}>
                {t(`settingsTabs.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={active} pt="md">
            {content}
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
