import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  firmwareAssignAnswerSchema,
  firmwareControllerListSchema,
  firmwareListSchema,
  firmwareRolloutAnswerSchema,
  firmwareRolloutDetailSchema,
  firmwareRolloutListSchema,
  messageResponseSchema,
  type FirmwareAssignAnswer,
  type FirmwareControllerRow,
  type FirmwareControllersQuery,
  type FirmwareList,
  type FirmwareRollout,
  type FirmwareRolloutAction,
  type FirmwareRolloutAnswer,
  type FirmwareRolloutCreate,
  type FirmwareRolloutDetail,
  type MessageResponse,
} from '@hivescope/contract';
import { api, get, post } from '../../lib/api';

/** Everything under ['admin', 'firmware'] is read again after any firmware write (counts move together). */
export const firmwareKeys = {
  all: ['admin', 'firmware'] as const,
  versions: ['admin', 'firmware', 'versions'] as const,
  controllers: (filters: FirmwareControllersQuery) => ['admin', 'firmware', 'controllers', filters] as const,
  rollouts: ['admin', 'firmware', 'rollouts'] as const,
  rollout: (id: number) => ['admin', 'firmware', 'rollout', id] as const,
};

/** While a roll-out is running or paused its counts change as controllers report: read them this often. */
export const ROLLOUT_POLL_MS = 5000;

/** GET admin/firmware → every stored version (newest first) and the server's upload limit. */
export async function fetchFirmware(): Promise<FirmwareList> {
  return firmwareListSchema.parse(await get<unknown>('admin/firmware'));
}

/** DELETE admin/firmware?version → { message }; refused (409) while a controller wants it. */
export async function deleteFirmware(version: string): Promise<MessageResponse> {
  return messageResponseSchema.parse(
    await api<unknown>('admin/firmware', { method: 'DELETE', query: { version } }),
  );
}

/** GET admin/firmware/controllers with the filters (combined) → the controllers, current and desired version. */
export async function fetchFirmwareControllers(
  filters: FirmwareControllersQuery,
): Promise<FirmwareControllerRow[]> {
  return firmwareControllerListSchema.parse(
    await get<unknown>('admin/firmware/controllers', { query: filters }),
  );
}

/** POST admin/controller/firmware?firmwareversion with { controllerIds }; `null` clears the desired version. */
export async function assignFirmware(
  version: string | null,
  controllerIds: number[],
): Promise<FirmwareAssignAnswer> {
  const query = version === null ? undefined : { firmwareversion: version };
  return firmwareAssignAnswerSchema.parse(
    await post<unknown>('admin/controller/firmware', { controllerIds }, query ? { query } : undefined),
  );
}

/** GET admin/firmware/rollouts → active roll-outs first, then the newest. */
export async function fetchRollouts(): Promise<FirmwareRollout[]> {
  return firmwareRolloutListSchema.parse(await get<unknown>('admin/firmware/rollouts'));
}

/** GET admin/firmware/rollout/{id} → the roll-out and each of its controllers. */
export async function fetchRollout(id: number): Promise<FirmwareRolloutDetail> {
  return firmwareRolloutDetailSchema.parse(await get<unknown>(`admin/firmware/rollout/${id}`));
}

/** POST admin/firmware/rollout → { message, rollout }: the first stage is offered the version at once. */
export async function startRollout(body: FirmwareRolloutCreate): Promise<FirmwareRolloutAnswer> {
  return firmwareRolloutAnswerSchema.parse(await post<unknown>('admin/firmware/rollout', body));
}

/** POST admin/firmware/rollout/{id} { action } → { message, rollout }. */
export async function rolloutAction(
  id: number,
  action: FirmwareRolloutAction,
): Promise<FirmwareRolloutAnswer> {
  return firmwareRolloutAnswerSchema.parse(await post<unknown>(`admin/firmware/rollout/${id}`, { action }));
}

const isActive = (rollouts: FirmwareRollout[] | undefined) =>
  Boolean(rollouts?.some((r) => r.status === 'running' || r.status === 'paused'));

export function useFirmwareVersions() {
  return useQuery({ queryKey: firmwareKeys.versions, queryFn: fetchFirmware });
}

/** The controllers matching the filters; the previous list stays shown while a new filter loads. */
export function useFirmwareControllers(filters: FirmwareControllersQuery, poll: boolean) {
  return useQuery({
    queryKey: firmwareKeys.controllers(filters),
    queryFn: () => fetchFirmwareControllers(filters),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? ROLLOUT_POLL_MS : false,
  });
}

/** The roll-outs, read again every few seconds while one is active (controllers update or fail meanwhile). */
export function useRollouts() {
  return useQuery({
    queryKey: firmwareKeys.rollouts,
    queryFn: fetchRollouts,
    refetchInterval: (query) => (isActive(query.state.data) ? ROLLOUT_POLL_MS : false),
  });
}

export function useRolloutDetail(id: number, enabled: boolean, poll: boolean) {
  return useQuery({
    queryKey: firmwareKeys.rollout(id),
    queryFn: () => fetchRollout(id),
    enabled,
    refetchInterval: poll ? ROLLOUT_POLL_MS : false,
  });
}

/** A firmware write: every firmware read is refreshed once it succeeded; the global handler toasts the message. */
function useFirmwareMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}

export const useDeleteFirmware = () => useFirmwareMutation(deleteFirmware);
export const useAssignFirmware = () =>
  useFirmwareMutation((v: { version: string | null; controllerIds: number[] }) =>
    assignFirmware(v.version, v.controllerIds),
  );
export const useStartRollout = () => useFirmwareMutation(startRollout);
export const useRolloutAction = () =>
  useFirmwareMutation((v: { id: number; action: FirmwareRolloutAction }) => rolloutAction(v.id, v.action));
/** After an upload (sent by upload.ts, which reports progress) the lists are read again. */
export function useRefreshFirmware() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all });
}
