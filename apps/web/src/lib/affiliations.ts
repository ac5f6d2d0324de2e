import { useQuery } from '@tanstack/react-query';
import { affiliationListSchema, type Affiliation } from '@hivescope/contract';
import { get } from './api';

export type { Affiliation };

/** Shared by the admin's choices on /m/controllers (admin-controllers) and /m/affiliateNotification (notices). */
export const affiliationKeys = { all: ['admin', 'affiliations'] as const };

/** GET admin/affiliations → every affiliation by name (admins). */
export async function fetchAffiliations(): Promise<Affiliation[]> {
  return affiliationListSchema.parse(await get<unknown>('admin/affiliations'));
}

export function useAffiliations(enabled: boolean) {
  return useQuery({ queryKey: affiliationKeys.all, queryFn: fetchAffiliations, enabled });
}
