import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config';
import { buildApp } from '../src/app';
import { createTestDatabase } from './db';
import type { Db } from '../src/db/client';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  url: string;
  close: () => Promise<void>;
};

/** The real app on a fresh database, for API tests with app.inject(). */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: '0',
    BRAND_HOSTS: 'vet.localhost=2,localhost=1',
    ...env,
  });
  const app = await buildApp({ config, db: database.db }, { logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    url: database.url,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
