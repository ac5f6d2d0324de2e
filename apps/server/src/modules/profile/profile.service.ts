import type { Locale, Profile } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { unauthorized } from '../../http/errors';
import { updateLocale, updateProfile } from '../users/users.repository';

export async function saveOwnProfile(ctx: AppContext, userId: number, profile: Profile) {
  if (!(await updateProfile(ctx.db, userId, profile))) throw unauthorized();
}

export async function saveOwnLanguage(ctx: AppContext, userId: number, language: Locale) {
  if (!(await updateLocale(ctx.db, userId, language))) throw unauthorized();
}
