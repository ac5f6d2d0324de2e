import { sessionUserSchema, type Locale, type MessageResponse, type SessionUser } from '@hivescope/contract';
import { get, post } from './api';

/** GET user/ping → SessionUser of the session cookie; 401 when there is none (the caller logs out). */
export async function ping(): Promise<SessionUser> {
  return sessionUserSchema.parse(await get<unknown>('user/ping', { handleUnauthorized: true }));
}

/** POST user/logout (GET also works); a failure is only logged. */
export function logout(): Promise<unknown> {
  return post<unknown>('user/logout', undefined, { handleUnauthorized: true });
}

/** POST user/language { language } → { message }. */
export function saveLanguage(language: Locale): Promise<MessageResponse> {
  return post<MessageResponse>('user/language', { language });
}
