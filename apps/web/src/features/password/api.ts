import type { MessageResponse, PasswordResetSet } from '@hivescope/contract';
import { get, post } from '../../lib/api';

/** POST user/passwordReset/request?email=… → 200 { message } (the same answer for unknown emails). */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return post<MessageResponse>('user/passwordReset/request', undefined, { query: { email } });
}

/** GET user/passwordReset/check?token=… → 200 { valid: true } or 400 { message: "This link is invalid" }. */
export function checkResetToken(token: string): Promise<{ valid: boolean }> {
  return get<{ valid: boolean }>('user/passwordReset/check', { query: { token } });
}

/** POST user/passwordReset/set with { token, password, passwordConfirmation } in the body (docs/api-conventions.md) → { message }. */
export function setNewPassword(body: PasswordResetSet): Promise<MessageResponse> {
  return post<MessageResponse>('user/passwordReset/set', body);
}
