import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import {
  controllerSchema,
  midnightValuesSchema,
  type Controller,
  type MidnightValues,
} from '@hivescope/contract';
import { get } from './api';

const controllersSchema = z.array(controllerSchema);

/**
 * Query keys: GET controller is read by the dashboard, the controller settings and the watches (a
 * write in any of them refreshes all).
 */
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

/** The caller's controllers; `refetchInterval` keeps a screen live (the dashboard). */
export function useControllers(refetchInterval?: number) {
  return useQuery({ queryKey: controllerKeys.all, queryFn: fetchControllers, refetchInterval });
}
