import { isManagerRole, BRANDS } from '@hivescope/contract';
import type { BrandConfig } from '../../lib/brand';

/** Accounts shown the non-admin menu although they are admins (cosmetic; the server enforces permissions). */
export const ADMIN_MENU_EXCLUDED_EMAILS: readonly string[] = ['support@hivescope.ch'];

export type NavLinkEntry = { kind: 'link'; id: string; labelKey: string; to: string };
export type NavExternalEntry = { kind: 'external'; id: string; labelKey: string; href: string };
export type NavMenuEntry = { kind: 'menu'; id: 'admin' | 'manager'; labelKey: string; items: NavLinkEntry[] };
export type NavEntry = NavLinkEntry | NavExternalEntry | NavMenuEntry;

export type NavInput = {
  user: { userEmail: string; admin: boolean; role: number } | null;
  brand: Pick<BrandConfig, 'id' | 'shopFeatures' | 'externalShopUrl' | 'forumUrl' | 'supportUrl'>;
  /** Persisted scale-comparison query string (with or without "?"). */
  chartState: string;
};

const link = (id: string, to: string): NavLinkEntry => ({ kind: 'link', id, labelKey: `nav.${id}`, to });
const external = (id: string, href: string): NavExternalEntry => ({
  kind: 'external',
  id,
  labelKey: `nav.${id}`,
  href,
});

export function showsAdminMenu(user: NavInput['user']): boolean {
  return Boolean(user?.admin) && !ADMIN_MENU_EXCLUDED_EMAILS.includes(user?.userEmail.toLowerCase() ?? '');
}

function adminMenu(): NavMenuEntry {
  const items = [
    link('adminUsers', '/a/users'),
    link('adminNotifications', '/a/notifications'),
    link('adminControllers', '/a/controllers'),
    link('adminRegisterControllers', '/a/controllers/create'),
    link('adminJobs', '/a/jobs'),
    link('adminFirmware', '/a/firmware'),
    link('adminVariables', '/a/variables'),
    link('adminOrders', '/shop/admin'),
    link('adminRegions', '/a/regions'),
    link('adminMap', '/a/map'),
    link('affiliateNotification', '/m/affiliateNotification'),
    link('analysis', '/analysis'),
  ];
  return { kind: 'menu', id: 'admin', labelKey: 'nav.admin', items };
}

function managerMenu(brandId: number): NavMenuEntry {
  const items = [link('managerControllers', '/m/controllers'), link('managerUsers', '/m/users')];
  if (brandId === BRANDS.veterinary) items.push(link('affiliateNotification', '/m/affiliateNotification'));
  return { kind: 'menu', id: 'manager', labelKey: 'nav.manager', items };
}

/** The scale-comparison link keeps the persisted chart-state query. */
export function scaleComparisonPath(chartState: string): string {
  const query = chartState.replace(/^\?/, '');
  return query ? `/scaleoverview?${query}` : '/scaleoverview';
}

/** Navbar entries by login state, role and brand (docs/product.md §2), in display order. */
export function navEntries({ user, brand, chartState }: NavInput): NavEntry[] {
  const entries: NavEntry[] = [];
  const shop = () => {
    if (brand.shopFeatures) entries.push(link('shop', '/shop'));
    if (brand.externalShopUrl) entries.push(external('externalShop', brand.externalShopUrl));
    if (brand.forumUrl && brand.id === BRANDS.beekeeping) entries.push(external('forum', brand.forumUrl));
  };
  if (!user) {
    entries.push(link('home', '/'));
    shop();
    return entries;
  }
  entries.push(link('dashboard', '/dashboard'), link('scaleComparison', scaleComparisonPath(chartState)));
  shop();
  if (brand.supportUrl) entries.push(external('support', brand.supportUrl));
  entries.push(link('settings', '/settings'));
  if (showsAdminMenu(user)) entries.push(adminMenu());
  else if (isManagerRole(user.role)) entries.push(managerMenu(brand.id));
  entries.push(link('logout', '/logout'));
  return entries;
}
