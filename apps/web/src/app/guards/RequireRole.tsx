import type { ReactNode } from 'react';
import { isManagerRole } from '@hivescope/contract';
import NotFound from '../../components/ui/NotFound';
import { useAppSelector } from '../store/hooks';
import { selectUser } from '../store/selectors';

/** Admin area (/a/*): others see the 404 text (the server enforces the permission anyway). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  return user?.admin ? children : <NotFound />;
}

/** Manager area (/m/*): managers (role ≤ 2) and admins. */
export function RequireManager({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectUser);
  return user && (user.admin || user.manager || isManagerRole(user.role)) ? children : <NotFound />;
}
