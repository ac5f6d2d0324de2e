import { describe, expect, it } from 'vitest';
import { navEntries, scaleComparisonPath, type NavInput, type NavMenuEntry } from './navItems';

const beekeeping: NavInput['brand'] = {
  id: 1,
  shopFeatures: true,
  externalShopUrl: null,
  forumUrl: 'https://forum.example',
  supportUrl: 'https://support.example',
};
const veterinary: NavInput['brand'] = {
  id: 2,
  shopFeatures: false,
  externalShopUrl: 'https://shop.example',
  forumUrl: 'https://forum.example',
  supportUrl: null,
};
const user = (over: Partial<NonNullable<NavInput['user']>> = {}) => ({
  userEmail: 'a@example.org',
  admin: false,
  role: 10,
  ...over,
});
const ids = (input: NavInput) => navEntries(input).map((e) => e.id);
const menu = (input: NavInput) => navEntries(input).find((e): e is NavMenuEntry => e.kind === 'menu');

describe('navEntries', () => {
  it('logged out: home, shop, forum (beekeeping)', () => {
    expect(ids({ user: null, brand: beekeeping, chartState: '' })).toEqual(['home', 'shop', 'forum']);
  });

  it('logged out on the veterinary brand: no shop, external shop, no forum', () => {
    expect(ids({ user: null, brand: veterinary, chartState: '' })).toEqual(['home', 'externalShop']);
  });

  it('logged in user: no admin or manager menu', () => {
    expect(ids({ user: user(), brand: beekeeping, chartState: '' })).toEqual([
      'dashboard',
      'scaleComparison',
      'shop',
      'forum',
      'support',
      'settings',
      'logout',
    ]);
  });

  it('admin gets the admin menu with every admin screen', () => {
    const admin = menu({ user: user({ admin: true, role: 1 }), brand: beekeeping, chartState: '' });
    expect(admin?.id).toBe('admin');
    expect(admin?.items.map((i) => i.to)).toEqual([
      '/a/users',
      '/a/notifications',
      '/a/controllers',
      '/a/controllers/create',
      '/a/jobs',
      '/a/firmware',
      '/a/variables',
      '/shop/admin',
      '/a/regions',
      '/a/map',
      '/m/affiliateNotification',
      '/analysis',
    ]);
  });

  it('the excluded admin account sees the non-admin menu', () => {
    expect(
      menu({
        user: user({ admin: true, userEmail: 'Support@Hivescope.ch' }),
        brand: beekeeping,
        chartState: '',
      }),
    ).toBe(undefined);
    expect(
      menu({
        user: user({ admin: true, role: 2, userEmail: 'support@hivescope.ch' }),
        brand: beekeeping,
        chartState: '',
      })?.id,
    ).toBe('manager');
  });

  it('manager menu: affiliate notification only on the veterinary brand', () => {
    const bee = menu({ user: user({ role: 2 }), brand: beekeeping, chartState: '' });
    expect(bee?.items.map((i) => i.to)).toEqual(['/m/controllers', '/m/users']);
    const vet = menu({ user: user({ role: 1 }), brand: veterinary, chartState: '' });
    expect(vet?.items.map((i) => i.to)).toEqual(['/m/controllers', '/m/users', '/m/affiliateNotification']);
    expect(menu({ user: user({ role: 3 }), brand: veterinary, chartState: '' })).toBe(undefined);
  });

  it('the scale comparison keeps the chart state', () => {
    const entry = navEntries({ user: user(), brand: beekeeping, chartState: '?ids=1,2' }).find(
      (e) => e.id === 'scaleComparison',
    );
    expect(entry).toMatchObject({ to: '/scaleoverview?ids=1,2' });
    expect(scaleComparisonPath('')).toBe('/scaleoverview');
    expect(scaleComparisonPath('a=1')).toBe('/scaleoverview?a=1');
  });
});
