import { z } from 'zod';
import { userSchema, type MessageResponse, type Profile, type User } from '@hivescope/contract';
import { get, post } from '../../lib/api';

const usersSchema = z.array(userSchema);

export const usersKeys = {
  all: ['admin', 'users'] as const,
  affiliated: (affiliationId: number) => ['admin', 'affiliatedUsers', affiliationId] as const,
};

/** GET admin/users → User[] (admins). */
export async function fetchUsers(): Promise<User[]> {
  return usersSchema.parse(await get<unknown>('admin/users'));
}

/** GET admin/affiliatedUsers?affiliationId=… → User[] (managers of that affiliation, admins). */
export async function fetchAffiliatedUsers(affiliationId: number): Promise<User[]> {
  return usersSchema.parse(await get<unknown>('admin/affiliatedUsers', { query: { affiliationId } }));
}

/** POST admin/user/{id}/changestate { active } → { message }. */
export function setUserActive(userId: number, active: boolean): Promise<MessageResponse> {
  return post<MessageResponse>(`admin/user/${userId}/changestate`, { active });
}

/** POST admin/user/{id}/profile with the profile fields → { message }. */
export function saveUserProfile(userId: number, profile: Profile): Promise<MessageResponse> {
  return post<MessageResponse>(`admin/user/${userId}/profile`, profile);
}
