import { Anchor, Burger, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useBrand } from '../store/useBrand';
import { LanguagePicker } from './LanguagePicker';
import { NavEntryList } from './NavEntryList';
import type { NavEntry } from './navItems';

type Props = { entries: NavEntry[]; loggedIn: boolean; burgerOpened: boolean; onBurger: () => void };

/** Top bar: brand logo and name, navigation (wide screens), language picker, burger (narrow screens). */
export function Header({ entries, loggedIn, burgerOpened, onBurger }: Props) {
  const { t } = useTranslation('common');
  const brand = useBrand();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Anchor
        component={Link}
        to={loggedIn ? '/dashboard' : '/'}
        underline="never"
        c="dark"
        data-testid="brand-home"
      >
        <Group gap="xs" wrap="nowrap">
          <Image src={brand.logo} alt="" w={32} h={32} />
          <Text fw={700} size="lg" data-testid="brand-name">
            {brand.name}
          </Text>
        </Group>
      </Anchor>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Group visibleFrom="lg" gap={0} wrap="nowrap">
          <NavEntryList entries={entries} testIdPrefix="nav" />
        </Group>
        <LanguagePicker />
        <Burger
          opened={burgerOpened}
          onClick={onBurger}
          hiddenFrom="lg"
          size="sm"
          aria-label={t(burgerOpened ? 'nav.closeMenu' : 'nav.openMenu')}
          data-testid="nav-burger"
        />
      </Group>
    </Group>
  );
}
