import { sessionUserSchema, type LoginRequest, type SessionUser } from '@hivescope/contract';
import { post } from '../../lib/api';

/** POST user/login → SessionUser; 401 { message } for wrong credentials (shown on the form, no redirect). */
export async function login(body: LoginRequest): Promise<SessionUser> {
  return sessionUserSchema.parse(await post<unknown>('user/login', body, { handleUnauthorized: true }));
}
