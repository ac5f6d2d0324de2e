import { Button, Menu, Stack, Group } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NavEntry } from './navItems';

type Props = {
  entries: NavEntry[];
  vertical?: boolean;
  /** Called when an item is chosen (closes the burger menu). */
  onNavigate?: () => void;
  /** data-testid prefix: "nav" in the bar, "mobile-nav" in the burger menu. */
  testIdPrefix: string;
};

/** Renders navbar entries: links, external links (new tab) and the admin/manager dropdown menu. */
export function NavEntryList({ entries, vertical = false, onNavigate, testIdPrefix }: Props) {
  const { t } = useTranslation('common');
  const Wrapper = vertical ? Stack : Group;
  const justify = vertical ? 'flex-start' : 'center';
  /** Compact buttons in the bar so that every item fits on one line on wide screens. */
  const size = vertical ? 'md' : 'compact-sm';

  return (
    <Wrapper gap={vertical ? 4 : 0} wrap="nowrap" component="nav" aria-label={t('nav.main')}>
      {entries.map((entry) => {
        if (entry.kind === 'link') {
          return (
            <Button
              key={entry.id}
              component={NavLink}
              to={entry.to}
              end={entry.to === '/'}
              variant="subtle"
              color="dark"
              size={size}
              justify={justify}
              onClick={onNavigate}
              data-testid={`${testIdPrefix}-${entry.id}`}
            >
              {t(entry.labelKey)}
            </Button>
          );
        }
        if (entry.kind === 'external') {
          return (
            <Button
              key={entry.id}
              component="a"
              href={entry.href}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              color="dark"
              size={size}
              justify={justify}
              rightSection={<IconExternalLink size={14} />}
              onClick={onNavigate}
              data-testid={`${testIdPrefix}-${entry.id}`}
            >
              {t(entry.labelKey)}
            </Button>
          );
        }
        return (
          <Menu key={entry.id} position={vertical ? 'bottom-start' : 'bottom-end'} withinPortal>
            <Menu.Target>
              <Button
                variant="subtle"
                color="dark"
                size={size}
                justify={justify}
                rightSection={<IconChevronDown size={14} />}
                data-testid={`${testIdPrefix}-menu-${entry.id}`}
              >
                {t(entry.labelKey)}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {entry.items.map((item) => (
                <Menu.Item
                  key={item.id}
                  component={NavLink}
                  to={item.to}
                  onClick={onNavigate}
                  data-testid={`${testIdPrefix}-${item.id}`}
                >
                  {t(item.labelKey)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Wrapper>
  );
}
