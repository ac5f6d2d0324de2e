import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopCatalogue, ShopConfigAdmin } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast } from '../../../test/users';
import { DEFAULT_SHOP_CONFIG_FILE } from './config/shop-config';
import { shopCall, shopCounts } from './shop.fixtures';

const DEFAULT_YAML = fs.readFileSync(DEFAULT_SHOP_CONFIG_FILE, 'utf8');

describe('shop config: GET shop/config, GET shop/configAdmin, POST shop/config', () => {
  let t: TestApp;
  let call: ReturnType<typeof shopCall>;
  let cast: Awaited<ReturnType<typeof createCast>>;

  beforeAll(async () => {
    t = await createTestApp();
    call = shopCall(t.app);
    cast = await createCast(t.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => void (await t.db.execute(sql`DELETE FROM shop_configs`)));

  it('serves the shipped catalogue to anyone, names in the request language, money in centimes', async () => {
    const en = await call<ShopCatalogue>('GET', '/api/shop/config?filtered=true');
    expect(en.status).toBe(200);
    expect(en.body.transmitters[0]).toMatchObject({ id: 'hs-gsm-4', price: 34900 });
    expect(en.body.subscription).toMatchObject({ pricePerYear: 5900, defaultYears: 2 });
    expect(en.body).not.toHaveProperty('yaml');
    expect(JSON.stringify(en.body)).not.toContain('maxPercent');
    const de = await call<ShopCatalogue>('GET', '/api/shop/config/x', { lang: 'de', user: cast.owner });
    expect(de.body.transmitters[0]?.name).toBe('Hivescope GSM-Sender, 4 Kanäle');
    expect(en.body.transmitters[0]?.name).not.toBe(de.body.transmitters[0]?.name);
  });

  it('lets only admins read the config: anonymous 401, owner 403, admin gets the YAML', async () => {
    expect((await call('GET', '/api/shop/configAdmin')).status).toBe(401);
    const owner = await call('GET', '/api/shop/configAdmin', { user: cast.owner });
    expect(owner.status).toBe(403);
    expect(owner.body.message).toBe('You are not allowed to do this');
    const admin = await call<ShopConfigAdmin>('GET', '/api/shop/configAdmin', { user: cast.admin });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({
      message: DEFAULT_YAML,
      version: null,
      activeVersion: null,
      versions: [],
    });
  });

  it('refuses an invalid config with every problem (path, line, message) and stores nothing', async () => {
    const broken = DEFAULT_YAML.replace('price: 349.00', 'price: 349.005').replace(/parcel:/, 'parcell:');
    expect(broken).not.toBe(DEFAULT_YAML);
    const res = await call<{ errors: { path: string; line: number; message: string }[] }>(
      'POST',
      '/api/shop/config',
      { body: { config: broken }, user: cast.admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The configuration was not saved: 3 problems');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'products.transmitters[0].price',
          message: 'Give the amount in CHF with at most two decimals',
        }),
        expect.objectContaining({ path: 'shipping.parcel', message: 'This field is missing' }),
        expect.objectContaining({ path: 'shipping.parcell' }),
      ]),
    );
    expect(res.body.errors.every((e) => typeof e.line === 'number')).toBe(true);
    expect((await shopCounts(t.db)).configs).toBe(0);
    const de = await call('POST', '/api/shop/config', {
      body: { config: 'a: [' },
      user: cast.admin,
      lang: 'de',
    });
    expect(de.body.message).toBe('Die Konfiguration wurde nicht gespeichert: 1 Problem');
  });

  it('refuses non-admins and a missing body without storing', async () => {
    expect((await call('POST', '/api/shop/config', { body: { config: DEFAULT_YAML } })).status).toBe(401);
    expect(
      (await call('POST', '/api/shop/config', { body: { config: DEFAULT_YAML }, user: cast.other })).status,
    ).toBe(403);
    const bad = await call('POST', '/api/shop/config', { body: {}, user: cast.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('config');
    expect((await shopCounts(t.db)).configs).toBe(0);
  });

  it('stores a valid config as a new version that becomes active at once; old versions stay readable', async () => {
    const cheaper = DEFAULT_YAML.replace('price: 349.00', 'price: 299.50');
    const saved = await call<{ version: number }>('POST', '/api/shop/config', {
      body: { config: cheaper },
      user: cast.admin,
    });
    expect(saved.status).toBe(201);
    expect(saved.body.message).toBe(`Shop configuration version ${saved.body.version} has been saved`);
    const catalogue = await call<ShopCatalogue>('GET', '/api/shop/config');
    expect(catalogue.body.transmitters[0]?.price).toBe(29950);
    const newer = await call<{ version: number }>('POST', '/api/shop/config', {
      body: { config: DEFAULT_YAML },
      user: cast.admin,
    });
    const admin = await call<ShopConfigAdmin>('GET', '/api/shop/configAdmin', { user: cast.admin });
    expect(admin.body).toMatchObject({ version: newer.body.version, activeVersion: newer.body.version });
    expect(admin.body.versions.map((v) => v.id)).toEqual([newer.body.version, saved.body.version]);
    expect(admin.body.versions[0]?.createdBy).toBe(cast.admin.email);
    const old = await call<ShopConfigAdmin>('GET', `/api/shop/configAdmin?version=${saved.body.version}`, {
      user: cast.admin,
    });
    expect(old.body).toMatchObject({ message: cheaper, version: saved.body.version });
    expect((await call('GET', '/api/shop/configAdmin?version=999999', { user: cast.admin })).status).toBe(
      404,
    );
  });

  it('falls back to the newest version that is still valid (a stored one a later schema refuses)', async () => {
    const valid = DEFAULT_YAML.replace('price: 349.00', 'price: 111.00');
    await t.db.execute(sql`INSERT INTO shop_configs (yaml) VALUES (${valid}), ('currency: EUR')`);
    const catalogue = await call<ShopCatalogue>('GET', '/api/shop/config');
    expect(catalogue.body.transmitters[0]?.price).toBe(11100);
  });
});
