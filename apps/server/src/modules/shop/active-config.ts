import fs from 'node:fs';
import type { Queryable } from '../../db/queryable';
import { DEFAULT_SHOP_CONFIG_FILE, defaultShopConfig, parseShopConfig } from './config/shop-config';
import type { ShopConfig } from './config/shop-config.schema';
import { listConfigYaml } from './shop-config.repository';

/**
 * The active shop config (docs/shop.md "Active config"): the newest stored version that parses, else the
 * shipped default. POST shop/config stores only valid versions, but a later release may tighten the schema,
 * so an older valid version takes over rather than the shop breaking. Parsed versions are kept by id (a
 * stored version never changes).
 */

const parsed = new Map<number, ShopConfig | null>();

function parseCached(id: number, yaml: string): ShopConfig | null {
  let config = parsed.get(id);
  if (config === undefined) {
    const result = parseShopConfig(yaml);
    config = result.ok ? result.config : null;
    parsed.set(id, config);
  }
  return config;
}

export type ActiveConfig = { version: number | null; config: ShopConfig; yaml: () => string };

export async function activeShopConfig(db: Queryable): Promise<ActiveConfig> {
  for (const row of await listConfigYaml(db)) {
    const config = parseCached(row.id, row.yaml);
    if (config) return { version: row.id, config, yaml: () => row.yaml };
  }
  return {
    version: null,
    config: defaultShopConfig(),
    yaml: () => fs.readFileSync(DEFAULT_SHOP_CONFIG_FILE, 'utf8'),
  };
}
