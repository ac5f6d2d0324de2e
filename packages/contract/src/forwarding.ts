import { z } from 'zod';

/**
 * Forwardings (docs/forwarding.md): a controller channel's readings sent on to an outside system.
 * - `email`: a reporting service's address, receiving SMS-style text at most hourly;
 * - `http`: a URL receiving each report as a JSON POST signed with HMAC-SHA256 (the key is shown once);
 * - `ftp`: an FTP server receiving one CSV file per report.
 * GET, POST controller/{id}/channel/{ch}/forwarding; DELETE controller/forwarding/{id}.
 */
export const FORWARDING_KINDS = ['email', 'http', 'ftp'] as const;
export const forwardingKindSchema = z.enum(FORWARDING_KINDS);
export type ForwardingKind = z.infer<typeof forwardingKindSchema>;

/** Forwardings per controller channel. */
export const FORWARDINGS_PER_CHANNEL_MAX = 5;
/** Header of a JSON POST carrying `sha256=<hex HMAC of the raw body>` (docs/forwarding.md). */
export const FORWARDING_SIGNATURE_HEADER = 'X-Hivescope-Signature';
/** Header of a JSON POST: when it was sent, Unix seconds (also `sentAt` in the signed body). */
export const FORWARDING_TIMESTAMP_HEADER = 'X-Hivescope-Timestamp';
/** Header of a JSON POST: the delivery's id, the same on every retry (also `deliveryId` in the body). */
export const FORWARDING_DELIVERY_HEADER = 'X-Hivescope-Delivery';

const url = z
  .string()
  .trim()
  .max(2000, { message: 'errors:forwardingUrlInvalid' })
  .refine(
    (value) => {
      try {
        const u = new URL(value);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { message: 'errors:forwardingUrlInvalid' },
  );

const host = z
  .string()
  .trim()
  .min(1, { message: 'errors:fieldRequired' })
  .max(253, { message: 'errors:forwardingHostInvalid' })
  .regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:]+\]?$/, { message: 'errors:forwardingHostInvalid' });

/** POST controller/{id}/channel/{ch}/forwarding. */
export const forwardingCreateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), email: z.email({ message: 'errors:invalidEmail' }).max(254) }),
  z.strictObject({ kind: z.literal('http'), url }),
  z.strictObject({
    kind: z.literal('ftp'),
    host,
    port: z.number().int().min(1).max(65_535).default(21),
    user: z.string().trim().min(1, { message: 'errors:fieldRequired' }).max(200),
    password: z.string().min(1, { message: 'errors:fieldRequired' }).max(200),
    /** Directory on the server, relative to the login directory; '' = the login directory. */
    directory: z
      .string()
      .trim()
      .max(500)
      .refine((d) => !d.split('/').includes('..'), { message: 'errors:forwardingDirectoryInvalid' })
      .default(''),
    /** Explicit FTPS (AUTH TLS). */
    secure: z.boolean().default(false),
  }),
]);
export type ForwardingCreate = z.infer<typeof forwardingCreateSchema>;

export const forwardingSchema = z.object({
  id: z.number().int(),
  controllerId: z.number().int(),
  channel: z.number().int().min(1).max(8),
  kind: forwardingKindSchema,
  /** Address, URL, or ftp://user@host:port/dir — never a password. */
  target: z.string(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** The last failed delivery's reason, cleared by the next success. */
  lastError: z.string().nullable(),
});
export type Forwarding = z.infer<typeof forwardingSchema>;

export const forwardingListSchema = z.array(forwardingSchema);

/** The answer to POST: the new forwarding, and for `http` the signing key, shown this once. */
export const forwardingCreatedSchema = z.object({
  /** "Forwarding added", for the success toast. */
  message: z.string(),
  forwarding: forwardingSchema,
  signingKey: z.string().nullable(),
});
export type ForwardingCreated = z.infer<typeof forwardingCreatedSchema>;

/** One reading as forwarded: raw values, weight in kg, temperature in °C, relative humidity in %. */
export const forwardedReadingSchema = z.object({
  time: z.iso.datetime(),
  weight: z.number().nullable(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
});

/**
 * The body of a URL forwarding's POST (docs/forwarding.md "URL (JSON POST)"): one report of one channel. Receivers check
 * the signature over the raw body, reject an old `sentAt`, and ignore a `deliveryId` they already took (a
 * delivery is retried until it is answered with 2xx, so it may arrive more than once).
 */
export const forwardingPayloadSchema = z.object({
  version: z.literal(1),
  deliveryId: z.number().int(),
  sentAt: z.iso.datetime(),
  controller: z.object({ id: z.number().int(), name: z.string() }),
  channel: z.number().int().min(1).max(8),
  reportAt: z.iso.datetime(),
  readings: z.array(forwardedReadingSchema).min(1),
});
export type ForwardingPayload = z.infer<typeof forwardingPayloadSchema>;

/** The columns of an FTP forwarding's CSV file, in order (docs/forwarding.md "FTP (CSV file)"). */
export const FORWARDING_CSV_COLUMNS = [
  'controller_id',
  'controller_name',
  'channel',
  'time',
  'weight_kg',
  'temperature_c',
  'humidity_percent',
] as const;
