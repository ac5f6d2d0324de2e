import { Suspense, useRef } from 'react';
import { AppShell, Box, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/ui/CenteredLoader';
import { PageErrorBoundary } from '../../components/ui/PageErrorBoundary';
import { currentHostname, navbarColor } from '../../lib/host';
import { useAppSelector } from '../store/hooks';
import { selectIsLoggedIn, selectUser } from '../store/selectors';
import { useBrand } from '../store/useBrand';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavEntryList } from './NavEntryList';
import { navEntries } from './navItems';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { useFocusHeadingOnNavigation } from './useFocusHeadingOnNavigation';

/**
 * Layout of every path outside /shared: skip link, navbar (burger menu on narrow screens), screen, footer.
 * After a route change the focus moves to the screen's heading.
 */
export function MainLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const brand = useBrand();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const user = useAppSelector(selectUser);
  const chartState = useAppSelector((s) => s.settings.chartState);
  const entries = navEntries({ user: loggedIn ? user : null, brand, chartState });
  const content = useRef<HTMLDivElement>(null);
  useFocusHeadingOnNavigation(content);

  return (
    <>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 280, breakpoint: 'lg', collapsed: { mobile: !opened, desktop: true } }}
        padding="md"
      >
        <AppShell.Header bg={navbarColor(currentHostname())} data-testid="navbar">
          <Header entries={entries} loggedIn={loggedIn} burgerOpened={opened} onBurger={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" bg={navbarColor(currentHostname())}>
          {opened && <NavEntryList entries={entries} vertical onNavigate={close} testIdPrefix="mobile-nav" />}
        </AppShell.Navbar>
        <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
          <Container size="xl" w="100%" style={{ flex: 1 }}>
            <Box pt="xs" id={MAIN_CONTENT_ID} tabIndex={-1} ref={content}>
              <PageErrorBoundary key={location.pathname}>
                <Suspense fallback={<CenteredLoader />}>
                  <Outlet />
                </Suspense>
              </PageErrorBoundary>
            </Box>
          </Container>
          <Container size="xl" w="100%">
            <Footer />
          </Container>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
