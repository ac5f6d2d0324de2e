import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const affiliations = pgTable('affiliations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    active: boolean('active').notNull().default(true),
    admin: boolean('admin').notNull().default(false),
    role: integer('role').notNull().default(10),
    affiliationId: integer('affiliation_id').references(() => affiliations.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('de'),
    /** Set at self-registration until the user registers a transmitter (docs/product.md §4: further use is blocked). */
    registrationPending: boolean('registration_pending').notNull().default(false),
    firstName: text('first_name'),
    lastName: text('last_name'),
    company: text('company'),
    street: text('street'),
    zip: text('zip'),
    city: text('city'),
    country: text('country'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // keyset pages of the user lists (docs/api-conventions.md "Lists and pagination"); email is unique already
  (t) => [
    index('users_created_at_id_idx').on(t.createdAt, t.id),
    index('users_role_id_idx').on(t.role, t.id),
  ],
);

/** Server-side sessions (docs/api-conventions.md): the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Password-reset links (single use, 1 hour): the mail holds a random token, the table only its SHA-256. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * One counter per limited thing (kind: e.g. login.pair, key: e.g. "email|ip"): attempts in the window that ends
 * at `expires_at`. Counted with one atomic upsert before the work (modules/session/rate-limit.ts,
 * docs/decisions.md "Rate limits"); in PostgreSQL so that every app instance sees the same counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] }), index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Mails kept instead of sent when no SMTP_URL is configured (development, demo). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
