import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminControllerPageSchema,
  adminControllerSaveResponseSchema,
  affiliatedControllerPageSchema,
  deviceTokenResponseSchema,
  LIST_MAX_LIMIT,
  messageResponseSchema,
  type AdminControllerCreateInput,
  type AdminControllerPage,
  type AdminControllerSaveResponse,
  type AdminControllerUpdateInput,
  type AffiliatedControllerPage,
  type ControllerListSort,
  type DeviceTokenResponse,
  type ListParams,
} from '@hivescope/contract';
import { get, post } from '../../lib/api';
import { fetchAllPages, usePagedList } from '../../lib/pages';

export type ControllerListQuery = Omit<ListParams<ControllerListSort>, 'cursor' | 'limit'>;

export const adminControllersKeys = {
  all: ['admin', 'controllers'] as const,
  list: (params: ControllerListQuery) => ['admin', 'controllers', 'list', params] as const,
  affiliated: (affiliationId: number | null, params: ControllerListQuery) =>
    ['admin', 'affiliatedControllers', affiliationId, params] as const,
  members: (affiliationId: number) => ['admin', 'affiliatedControllers', affiliationId, 'all'] as const,
};

/** GET admin/controllers → one page of every controller (admins; docs/api-conventions.md "Lists and pagination"). */
export async function fetchAdminControllers(
  params: ListParams<ControllerListSort>,
): Promise<AdminControllerPage> {
  return adminControllerPageSchema.parse(await get<unknown>('admin/controllers', { query: params }));
}

/** GET admin/affiliatedControllers?affiliationId → one page of the affiliation's controllers (managers: their own). */
export async function fetchAffiliatedControllers(
  affiliationId: number | null,
  params: ListParams<ControllerListSort>,
): Promise<AffiliatedControllerPage> {
  const query = affiliationId === null ? params : { ...params, affiliationId };
  return affiliatedControllerPageSchema.parse(await get<unknown>('admin/affiliatedControllers', { query }));
}

/** POST admin/controller → { id, deviceToken (shown once), message }. */
export async function createController(body: AdminControllerCreateInput): Promise<DeviceTokenResponse> {
  return deviceTokenResponseSchema.parse(await post<unknown>('admin/controller', body));
}

/** POST admin/controller/{id} (any subset) → { message, controller, deviceToken? (only with regenerateToken) }. */
export async function updateController(
  id: number,
  body: AdminControllerUpdateInput,
): Promise<AdminControllerSaveResponse> {
  return adminControllerSaveResponseSchema.parse(await post<unknown>(`admin/controller/${id}`, body));
}

/** /a/controllers: the pages loaded so far for this search and sort. */
export function useAdminControllers(params: ControllerListQuery) {
  return usePagedList(adminControllersKeys.list(params), (cursor) =>
    fetchAdminControllers({ ...params, cursor }),
  );
}

export function useAffiliatedControllers(
  affiliationId: number | null,
  params: ControllerListQuery,
  enabled: boolean,
) {
  return usePagedList(
    adminControllersKeys.affiliated(affiliationId, params),
    (cursor) => fetchAffiliatedControllers(affiliationId, { ...params, cursor }),
    enabled,
  );
}

/** Every controller of one affiliation (all pages of the largest size): what the admin's assignment starts from. */
export function useAffiliationMembers(affiliationId: number) {
  return useQuery({
    queryKey: adminControllersKeys.members(affiliationId),
    queryFn: () =>
      fetchAllPages((cursor) =>
        fetchAffiliatedControllers(affiliationId, { limit: LIST_MAX_LIMIT, ...(cursor ? { cursor } : {}) }),
      ),
  });
}

/**
 * One controller's current admin row, found by searching its id (the search matches ids; the largest page
 * holds it). Read again whenever an admin write invalidates ['admin'].
 */
export function useAdminControllerRow(id: number) {
  return useQuery({
    queryKey: [...adminControllersKeys.all, 'row', id],
    queryFn: async () =>
      (await fetchAdminControllers({ q: String(id), limit: LIST_MAX_LIMIT })).items.find(
        (r) => r.id === id,
      ) ?? null,
  });
}

export function useCreateController() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createController,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useUpdateController(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminControllerUpdateInput) => updateController(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST admin/controller/{id}/resetNotificationCount → { message }: the count is back to its full amount. */
export function useResetNotificationCount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      messageResponseSchema.parse(await post<unknown>(`admin/controller/${id}/resetNotificationCount`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** POST admin/affiliation/{id}/controllers → { message }: the affiliation's controllers become exactly these. */
export function useAssignAffiliation(affiliationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (controllerIds: number[]) =>
      messageResponseSchema.parse(
        await post<unknown>(`admin/affiliation/${affiliationId}/controllers`, { controllerIds }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
