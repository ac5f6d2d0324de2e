import {
  controllerSaveResponseSchema,
  messageResponseSchema,
  scaleSaveResponseSchema,
  type ControllerOwnerUpdate,
  type ControllerSaveResponse,
  type MessageResponse,
  type ScaleCreateInput,
  type ScaleSaveResponse,
  type ScaleUpdate,
} from '@hivescope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../lib/api';
import { controllerKeys } from '../../lib/controllers';

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

/** A write that refreshes the controllers (and their midnight values) once it succeeded; toasts the message. */
export function useControllerMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: controllerKeys.all }),
  });
}
