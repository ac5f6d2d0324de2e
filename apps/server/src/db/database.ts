import type { Config } from '../config';
import { startEmbedded, type Database } from './embedded';

/** The configured database: the external server of DATABASE_URL, or PostgreSQL embedded in DATA_DIR. */
export async function openDatabase(config: Config, log: (m: string) => void): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {}, owned: false };
  return startEmbedded(config.dataDir, 'hivescope', log);
}
