import type { MessageResponse, PasswordChange, Profile } from '@hivescope/contract';
import { post } from '../../lib/api';

/** POST user/profile with the profile fields → { message }. */
export function saveOwnProfile(profile: Profile): Promise<MessageResponse> {
  return post<MessageResponse>('user/profile', profile);
}

/** POST user/password { currentPassword, newPassword, newPasswordConfirmation } (all SHA-256 hex) → { message }. */
export function changePassword(body: PasswordChange): Promise<MessageResponse> {
  return post<MessageResponse>('user/password', body);
}
