import fs from 'node:fs';
import type { Queryable } from '../../db/queryable';
import { DEFAULT_SHOP_CONFIG_FILE, defaultShopConfig, parseShopConfig } from './config/shop-config';
import type { ShopConfig } from './config/shop-config.schema';
import { listConfigYaml } from './shop-config.repository';

/**
 * The active shop config (docs/shop.md "Active config"): the newest stored version that parses, else the
 * shipped default. POST shop/config stores only valid versions, but a later release may tighten the schema,
 * so an older valid version takes over rather than the shop breaking. Parsed versions are kept by their text:
 * a version's id names another text in another database (the API tests give every file its own database in
 * one process), its text never does.
 */

const PARSED_MAX = 16;
const parsed = new Map<string, ShopConfig | null>();

function parseCached(yaml: string): ShopConfig | null {
  let config = parsed.get(yaml);
  if (config === undefined) {
    const result = parseShopConfig(yaml);
    config = result.ok ? result.config : null;
    parsed.set(yaml, config);
    const oldest = parsed.keys().next();
    if (parsed.size > PARSED_MAX && !oldest.done) parsed.delete(oldest.value);
  }
  return config;
}

export type ActiveConfig = { version: number | null; config: ShopConfig; yaml: () => string };

export async function activeShopConfig(db: Queryable): Promise<ActiveConfig> {
  for (const row of await listConfigYaml(db)) {
    const config = parseCached(row.yaml);
    if (config) return { version: row.id, config, yaml: () => row.yaml };
  }
  return {
    version: null,
    config: defaultShopConfig(),
    yaml: () => fs.readFileSync(DEFAULT_SHOP_CONFIG_FILE, 'utf8'),
  };
}
