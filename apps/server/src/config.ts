import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAP_TILE_URL, FIRMWARE_MAX_BYTES_DEFAULT } from '@hivescope/contract';
import { tileTemplateProblem } from './modules/app/map-tiles';
import { parseAllowList, type OutboundPolicy } from './lib/outbound';

/** The development stand-in for FORWARD_SECRET_KEY; refused when NODE_ENV=production (docs/forwarding.md). */
export const DEV_FORWARD_SECRET_KEY = 'hivescope-development-forward-secret-not-for-production';

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
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url({ message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Hivescope <noreply@hivescope.local>'),
  SMS_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http(s):// URL' })
    .default('https://api.twilio.com'),
  SMS_ACCOUNT_SID: z.string().optional(),
  SMS_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must have at least 8 characters' }).optional(),
  DEMO: bool,
  ALARM_WORKERS: bool,
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
  PUBLIC_MAP_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  MAP_TILE_URL: z
    .string()
    .default(DEFAULT_MAP_TILE_URL)
    .superRefine((v, ctx) => {
      const problem = tileTemplateProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  FORWARD_ALLOW_HOSTS: z
    .string()
    .default('')
    .superRefine((v, ctx) => {
      try {
        parseAllowList(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
      }
    }),
  FORWARD_SECRET_KEY: z.string().min(32, { message: 'must have at least 32 characters' }).optional(),
  FIRMWARE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(256 * 1024 * 1024)
    .default(FIRMWARE_MAX_BYTES_DEFAULT),
  PAYMENT_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s):// URL' }).optional(),
  PAYMENT_SECRET_KEY: z.string().optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, { message: 'must have at least 16 characters' }).optional(),
});

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The app's own connections to the database (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS provider (Twilio's Messages API shape, docs/alarms.md "Sending"); undefined: SMS channels are refused. */
  sms: SmsConfig | undefined;
  admin: { email: string; password: string } | undefined;
  demo: boolean;
  /** Whether this instance runs the alarm jobs (default yes; docs/alarms.md "Pipeline"). */
  alarmWorkers: boolean;
  brandHosts: Record<string, 1 | 2>;
  weatherUrl: string | undefined;
  logLevel: string;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  buildRevision: string;
  trustProxy: boolean;
  /** Strict-Transport-Security, sent on requests that reached us over https (null: never sent; http/https.ts). */
  hsts: { maxAge: number; includeSubDomains: boolean } | null;
  /** Leaflet tile URL template of the maps, sent to the web app and allowed in the CSP. */
  mapTileUrl: string;
  /** How long one answer of the anonymous public map is reused (docs/maps.md "Caching"). */
  publicMapCacheMs: number;
  /**
   * The operator secret that seals secrets kept at rest (`lib/secret-box.ts`, one derived key per purpose):
   * forwardings' signing keys and FTP passwords, the tokens of live shares linked from the public map
   * (docs/shares.md "Live share link"). Set by FORWARD_SECRET_KEY, named after its first use.
   */
  secretKey: string;
  /** Forwardings (docs/forwarding.md): private hosts the operator allows, and the key of stored secrets (= secretKey). */
  forwarding: { policy: OutboundPolicy; secretKey: string };
  /** Largest firmware image an admin may upload, bytes (docs/firmware.md). */
  firmwareMaxBytes: number;
  /** The card payment provider (docs/shop.md "Payment"); undefined: card payment answers shopUnavailable. */
  payment: PaymentConfig | undefined;
};

/** Stripe-Checkout-shaped provider: base URL, API key and the webhook signing secret (both secrets). */
export type PaymentConfig = { url: string; secretKey: string; webhookSecret: string };

/** The SMS provider's base URL and credentials; the token is a secret (never logged). */
export type SmsConfig = { url: string; accountSid: string; authToken: string; from: string };

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
  const smsSet = [e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM].filter(Boolean).length;
  if (smsSet !== 0 && smsSet !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM must be set together.',
    );
  }
  if (
    e.NODE_ENV === 'production' &&
    (!e.FORWARD_SECRET_KEY || e.FORWARD_SECRET_KEY === DEV_FORWARD_SECRET_KEY)
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  FORWARD_SECRET_KEY must be set to a random value of at least 32 characters in production.',
    );
  }
  const paymentSet = [e.PAYMENT_URL, e.PAYMENT_SECRET_KEY, e.PAYMENT_WEBHOOK_SECRET].filter(Boolean).length;
  if (paymentSet !== 0 && paymentSet !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  PAYMENT_URL, PAYMENT_SECRET_KEY and PAYMENT_WEBHOOK_SECRET must be set together.',
    );
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
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            url: e.SMS_URL.replace(/\/$/, ''),
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    demo: e.DEMO ?? !e.DATABASE_URL,
    alarmWorkers: e.ALARM_WORKERS ?? true,
    brandHosts,
    weatherUrl: e.WEATHER_URL,
    logLevel: e.LOG_LEVEL,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_DAYS * 86400_000,
    buildRevision: e.BUILD_REVISION ?? 'dev',
    trustProxy: e.TRUST_PROXY ?? false,
    hsts:
      e.HSTS_MAX_AGE > 0
        ? { maxAge: e.HSTS_MAX_AGE, includeSubDomains: e.HSTS_INCLUDE_SUBDOMAINS ?? true }
        : null,
    mapTileUrl: e.MAP_TILE_URL,
    publicMapCacheMs: e.PUBLIC_MAP_CACHE_SECONDS * 1000,
    secretKey: e.FORWARD_SECRET_KEY ?? DEV_FORWARD_SECRET_KEY,
    forwarding: {
      policy: parseAllowList(e.FORWARD_ALLOW_HOSTS),
      secretKey: e.FORWARD_SECRET_KEY ?? DEV_FORWARD_SECRET_KEY,
    },
    firmwareMaxBytes: e.FIRMWARE_MAX_BYTES,
    payment:
      e.PAYMENT_URL && e.PAYMENT_SECRET_KEY && e.PAYMENT_WEBHOOK_SECRET
        ? {
            url: e.PAYMENT_URL.replace(/\/$/, ''),
            secretKey: e.PAYMENT_SECRET_KEY,
            webhookSecret: e.PAYMENT_WEBHOOK_SECRET,
          }
        : undefined,
  };
}
