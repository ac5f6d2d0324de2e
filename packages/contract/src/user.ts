import { z } from 'zod';
import { LOCALES } from './constants';
import { listQuerySchema, pageSchema } from './list';

/** Every password field carries the lowercase hex SHA-256 of the typed password (docs/api-conventions.md). */
export const passwordDigestSchema = z.string().regex(/^[0-9a-f]{64}$/, { message: 'errors:passwordDigest' });
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'errors:invalidEmail' }));
export const localeSchema = z.enum(LOCALES);

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1, { message: 'errors:fieldRequired' });

export const profileSchema = z
  .object({
    firstName: required(100),
    lastName: required(100),
    company: text(200).default(''),
    street: required(200),
    zip: required(20),
    city: required(100),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { message: 'errors:fieldRequired' })
      .transform((c) => c.toUpperCase()),
    phone: required(40),
  })
  .strict();
export type Profile = z.infer<typeof profileSchema>;
export type ProfileField = keyof Profile;
/** The profile fields in form order (server mapping and web forms use this one list). */
export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'company',
  'street',
  'zip',
  'city',
  'country',
  'phone',
] as const satisfies readonly ProfileField[];

export const loginRequestSchema = z.object({ email: emailSchema, password: passwordDigestSchema }).strict();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Answer of login and ping: the spec's login fields plus what the shell needs to decide its screens. */
export const sessionUserSchema = z.object({
  userId: z.number().int(),
  userEmail: z.string(),
  admin: z.boolean(),
  role: z.number().int(),
  affiliation: z.number().int().nullable(),
  manager: z.boolean(),
  locale: localeSchema,
  /** false when the profile has no street: the forced profile-update form is shown. */
  profileComplete: z.boolean(),
  profile: profileSchema.partial(),
  /**
   * true while a newly registered user has not completed the transmitter registration (docs/product.md §4: "until the
   * transmitter registration is complete, further use is blocked"); the web app then shows only that step.
   * Optional: the server sets it on the answers of registration/user, login and ping; absent = false.
   */
  registrationPending: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

const confirmed = <T extends z.ZodRawShape>(shape: T, a: string, b: string) =>
  z
    .object(shape)
    .strict()
    .refine((v: Record<string, unknown>) => v[a] === v[b], {
      message: 'errors:passwordsDontMatch',
      path: [b],
    });

export const registrationUserSchema = confirmed(
  {
    email: emailSchema,
    password: passwordDigestSchema,
    passwordConfirmation: passwordDigestSchema,
    acceptedTerms: z.literal(true, { message: 'errors:acceptTerms' }),
    locale: localeSchema.optional(),
    profile: profileSchema,
  },
  'password',
  'passwordConfirmation',
);
export type RegistrationUser = z.infer<typeof registrationUserSchema>;

export const passwordChangeSchema = confirmed(
  {
    currentPassword: passwordDigestSchema,
    newPassword: passwordDigestSchema,
    newPasswordConfirmation: passwordDigestSchema,
  },
  'newPassword',
  'newPasswordConfirmation',
);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export const passwordResetSetSchema = confirmed(
  {
    token: z.string().min(1).max(200),
    password: passwordDigestSchema,
    passwordConfirmation: passwordDigestSchema,
  },
  'password',
  'passwordConfirmation',
);
export type PasswordResetSet = z.infer<typeof passwordResetSetSchema>;

export const languageSchema = z.object({ language: localeSchema }).strict();

export const changeStateSchema = z.object({ active: z.boolean() }).strict();

/** A user as listed for admins and managers (docs/product.md §3). */
export const userSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  active: z.boolean(),
  admin: z.boolean(),
  role: z.number().int(),
  manager: z.boolean(),
  locale: localeSchema,
  affiliation: z.number().int().nullable(),
  affiliationName: z.string().nullable(),
  profile: profileSchema.partial(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Sorts of GET admin/users and admin/affiliatedUsers (docs/api-conventions.md "Lists and pagination"). */
export const USER_LIST_SORTS = ['email', 'createdAt', 'role'] as const;
export type UserListSort = (typeof USER_LIST_SORTS)[number];
/** GET admin/users: a page of users, searched by email, first and last name and city. */
export const usersQuerySchema = listQuerySchema(USER_LIST_SORTS).strict();
export const userPageSchema = pageSchema(userSchema);
export type UserPage = z.infer<typeof userPageSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
