import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  controllerSaveResponseSchema,
  type ControllerRegistrationInput,
  type ControllerSaveResponse,
} from '@hivescope/contract';
import { post } from '../../lib/api';

/**
 * POST registration/controller (contract controllerRegistrationSchema) → { message, controller }.
 * 404 transmitterNotFound, 400 invalidImsiImei / transmitterAlreadyRegistered (with a localised message).
 */
export async function registerController(body: ControllerRegistrationInput): Promise<ControllerSaveResponse> {
  return controllerSaveResponseSchema.parse(await post<unknown>('registration/controller', body));
}

/** The mutation; the success toast shows the server's message. Every cached list may now include the controller. */
export function useRegisterController() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerController,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
