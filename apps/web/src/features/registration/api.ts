import { sessionUserSchema, type RegistrationUser, type SessionUser } from '@hivescope/contract';
import { post } from '../../lib/api';

/** POST registration/user (contract registrationUserSchema) → 200 SessionUser + session cookie (logged in). */
export async function registerUser(body: RegistrationUser): Promise<SessionUser> {
  return sessionUserSchema.parse(await post<unknown>('registration/user', body));
}
