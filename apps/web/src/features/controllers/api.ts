import { z } from 'zod';
import {
  controllerSaveResponseSchema,
  controllerSchema,
  messageResponseSchema,
  midnightValuesSchema,
  scaleSaveResponseSchema,
  type Controller,
  type ControllerOwnerUpdate,
  type ControllerSaveResponse,
  type MessageResponse,
  type MidnightValues,
  type ScaleCreateInput,
  type ScaleSaveResponse,
  type ScaleUpdate,
} from '@hivescope/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../lib/api';

const controllersSchema = z.array(controllerSchema);

/** Query keys: GET controller is shared by the dashboard and the settings (saving refreshes both). */
export const controllerKeys = {
  all: ['controllers'] as const,
  midnight: (id: number) => ['controllers', id, 'midnightvalues'] as const,
};

/** GET controller → own and watched controllers (watched: readOnly) with their live scales. */
export async function fetchControllers(): Promise<Controller[]> {
  return controllersSchema.parse(await get<unknown>('controller'));
}

/** GET controller/{id}/midnightvalues → each live scale's weight at the last local midnight. */
export async function fetchMidnightValues(id: number): Promise<MidnightValues> {
  return midnightValuesSchema.parse(await get<unknown>(`controller/${id}/midnightvalues`));
}

/** POST controller/{id} with the owner's settings → { message, controller }. */
export async function saveController(
  id: number,
  body: ControllerOwnerUpdate,
): Promise<ControllerSaveResponse> {
  return controllerSaveResponseSchema.parse(await post<unknown>(`controller/${id}`, body));
}

/** POST scale { channel: "controllerId:channel", …fields } → { message, scale }. */
export async function createScale(body: ScaleCreateInput): Promise<ScaleSaveResponse> {
  return scaleSaveResponseSchema.parse(await post<unknown>('scale', body));
}

/** POST scale/{idscale} with any subset of the editable fields → { message, scale }. */
export async function updateScale(idscale: number, body: ScaleUpdate): Promise<ScaleSaveResponse> {
  return scaleSaveResponseSchema.parse(await post<unknown>(`scale/${idscale}`, body));
}

/** POST controller/{id}/channel/{ch}/archive → { message }. */
export async function archiveChannel(id: number, channel: number): Promise<MessageResponse> {
  return messageResponseSchema.parse(await post<unknown>(`controller/${id}/channel/${channel}/archive`));
}

/** The caller's controllers; `refetchInterval` keeps a screen live (the dashboard). */
export function useControllers(refetchInterval?: number) {
  return useQuery({ queryKey: controllerKeys.all, queryFn: fetchControllers, refetchInterval });
}

/** A write that refreshes the controllers (and their midnight values) once it succeeded; toasts the message. */
export function useControllerMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controllerKeys.all }),
  });
}
