import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAP_TILE_URL } from '@hivescope/contract';
import { tileTemplateProblem } from './modules/app/map-tiles';

const bool = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** Environment variables (.env.example, docs/operations.md), parsed once at start; a bad value stops the app with a clear message. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }).optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url({ message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Hivescope <noreply@hivescope.local>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must have at least 8 characters' }).optional(),
  DEMO: bool,
  BRAND_HOSTS: z
    .string()
    .default('localhost=1')
    .refine((v) => v.split(',').every((p) => /^[^=\s]+=(1|2)$/.test(p.trim())), {
      message: 'must look like "vet.example.org=2,localhost=1"',
    }),
  WEATHER_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  BUILD_REVISION: z.string().optional(),
  TRUST_PROXY: bool,
  HSTS_MAX_AGE: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 * 31_536_000)
    .default(31_536_000),
  HSTS_INCLUDE_SUBDOMAINS: bool,
  MAP_TILE_URL: z
    .string()
    .default(DEFAULT_MAP_TILE_URL)
    .superRefine((v, ctx) => {
      const problem = tileTemplateProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | undefined;
  demo: boolean;
  brandHosts: Record<string, 1 | 2>;
  weatherUrl: string | undefined;
  logLevel: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  buildRevision: string;
  trustProxy: boolean;
  /** Strict-Transport-Security, sent only when PUBLIC_URL is https (null: not sent). */
  hsts: { maxAge: number; includeSubDomains: boolean } | null;
  /** Leaflet tile URL template of the maps, sent to the web app and allowed in the CSP. */
  mapTileUrl: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (e.g. `DATABASE_URL=` in a .env file).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together.');
  }
  const brandHosts: Record<string, 1 | 2> = {};
  for (const pair of e.BRAND_HOSTS.split(',')) {
    const [host = '', brand] = pair.trim().split('=');
    brandHosts[host.toLowerCase()] = brand === '2' ? 2 : 1;
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    demo: e.DEMO ?? !e.DATABASE_URL,
    brandHosts,
    weatherUrl: e.WEATHER_URL,
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86400_000,
    buildRevision: e.BUILD_REVISION ?? 'dev',
    trustProxy: e.TRUST_PROXY ?? false,
    hsts:
      publicUrl.startsWith('https://') && e.HSTS_MAX_AGE > 0
        ? { maxAge: e.HSTS_MAX_AGE, includeSubDomains: e.HSTS_INCLUDE_SUBDOMAINS ?? true }
        : null,
    mapTileUrl: e.MAP_TILE_URL,
  };
}
