import {
  userPageSchema,
  type ListParams,
  type MessageResponse,
  type Profile,
  type UserListSort,
  type UserPage,
} from '@hivescope/contract';
import { get, post } from '../../lib/api';
import { usePagedList } from '../../lib/pages';

export type UserListQuery = Omit<ListParams<UserListSort>, 'cursor' | 'limit'>;

export const usersKeys = {
  all: ['admin', 'users'] as const,
  list: (params: UserListQuery) => ['admin', 'users', params] as const,
  affiliated: (affiliationId: number, params: UserListQuery) =>
    ['admin', 'affiliatedUsers', affiliationId, params] as const,
};

/** GET admin/users → one page of users (admins; docs/api-conventions.md "Lists and pagination"). */
export async function fetchUsers(params: ListParams<UserListSort>): Promise<UserPage> {
  return userPageSchema.parse(await get<unknown>('admin/users', { query: params }));
}

/** GET admin/affiliatedUsers?affiliationId=… → one page (managers of that affiliation, admins). */
export async function fetchAffiliatedUsers(
  affiliationId: number,
  params: ListParams<UserListSort>,
): Promise<UserPage> {
  return userPageSchema.parse(
    await get<unknown>('admin/affiliatedUsers', { query: { ...params, affiliationId } }),
  );
}

/** /a/users: the pages loaded so far for this search and sort. */
export function useUsers(params: UserListQuery) {
  return usePagedList(usersKeys.list(params), (cursor) => fetchUsers({ ...params, cursor }));
}

/** /m/users: the affiliation's users, paged (disabled without an affiliation). */
export function useAffiliatedUsers(affiliationId: number | null, params: UserListQuery) {
  return usePagedList(
    usersKeys.affiliated(affiliationId ?? -1, params),
    (cursor) => fetchAffiliatedUsers(affiliationId ?? -1, { ...params, cursor }),
    affiliationId !== null,
  );
}

/** POST admin/user/{id}/changestate { active } → { message }. */
export function setUserActive(userId: number, active: boolean): Promise<MessageResponse> {
  return post<MessageResponse>(`admin/user/${userId}/changestate`, { active });
}

/** POST admin/user/{id}/profile with the profile fields → { message }. */
export function saveUserProfile(userId: number, profile: Profile): Promise<MessageResponse> {
  return post<MessageResponse>(`admin/user/${userId}/profile`, profile);
}
