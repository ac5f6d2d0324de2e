import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminControllerRowSchema,
  adminControllerSaveResponseSchema,
  affiliatedControllerRowSchema,
  deviceTokenResponseSchema,
  messageResponseSchema,
  type AdminControllerCreateInput,
  type AdminControllerRow,
  type AdminControllerSaveResponse,
  type AdminControllerUpdateInput,
  type AffiliatedControllerRow,
  type DeviceTokenResponse,
} from '@hivescope/contract';
import { get, post } from '../../lib/api';

const rowsSchema = z.array(adminControllerRowSchema);
const affiliatedRowsSchema = z.array(affiliatedControllerRowSchema);

export const adminControllersKeys = {
  all: ['admin', 'controllers'] as const,
  affiliated: (affiliationId: number | null) => ['admin', 'affiliatedControllers', affiliationId] as const,
};

/** GET admin/controllers → every controller (admins). */
export async function fetchAdminControllers(): Promise<AdminControllerRow[]> {
  return rowsSchema.parse(await get<unknown>('admin/controllers'));
}

/** GET admin/affiliatedControllers?affiliationId → the affiliation's controllers (managers: their own). */
export async function fetchAffiliatedControllers(
  affiliationId: number | null,
): Promise<AffiliatedControllerRow[]> {
  const query = affiliationId === null ? undefined : { affiliationId };
  return affiliatedRowsSchema.parse(
    await get<unknown>('admin/affiliatedControllers', query ? { query } : undefined),
  );
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

export function useAdminControllers() {
  return useQuery({ queryKey: adminControllersKeys.all, queryFn: fetchAdminControllers });
}

export function useAffiliatedControllers(affiliationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: adminControllersKeys.affiliated(affiliationId),
    queryFn: () => fetchAffiliatedControllers(affiliationId),
    enabled,
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
