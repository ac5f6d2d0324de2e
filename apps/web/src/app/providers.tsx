import { useEffect, useMemo, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useIsFetching, useIsMutating, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { TOAST_STACK } from '@hivescope/contract';
import { DocumentTitleProvider } from '../components/ui/documentTitle';
import { i18n } from '../lib/i18n';
import { persistor, store } from './store';
import { useAppSelector } from './store/hooks';
import { selectLocale } from './store/selectors';
import { brandTheme, cssVariablesResolver } from './theme';
import { useBrand } from './store/useBrand';
import { applyInitialLanguage } from './startup';

/** Mantine theme, toasts (3 stacked, slide transition) and the document title follow the brand. */
function BrandedUi({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const colorScheme = useAppSelector((s) => s.settings.theme);
  const locale = useAppSelector(selectLocale);
  const theme = useMemo(() => brandTheme(brand.id, locale), [brand.id, locale]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={colorScheme}>
      <Notifications limit={TOAST_STACK} position="top-right" transitionDuration={300} />
      <DocumentTitleProvider brandName={brand.name}>{children}</DocumentTitleProvider>
    </MantineProvider>
  );
}

/**
 * `<html data-busy>` while data is being fetched or saved: the browser tests wait for it to go instead of for a
 * quiet network, which costs half a second per screen and waits for requests the screen does not show
 * (docs/operations.md "Tests").
 */
function BusyMark() {
  const busy = useIsFetching() + useIsMutating() > 0;
  useEffect(() => {
    document.documentElement.toggleAttribute('data-busy', busy);
  }, [busy]);
  return null;
}

/** Store (restored before the first render), data cache, translations and UI kit. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <PersistGate persistor={persistor} onBeforeLift={applyInitialLanguage}>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <BusyMark />
            <BrandedUi>{children}</BrandedUi>
          </QueryClientProvider>
        </I18nextProvider>
      </PersistGate>
    </ReduxProvider>
  );
}
