import { useAuth } from '@/features/auth/auth-context';
import { fetchUserRole, type AppRole } from '@/features/auth/fetch-user-role';
import { useLoadedFor } from '@/features/auth/use-loaded-for';

export type RoleState = {
  /** Null while loading or when nobody is signed in. */
  role: AppRole | null;
  loading: boolean;
  isAdmin: boolean;
};

/** The signed-in user's role: loading, then admin or user (failure or absence means user). */
export function useRole(): RoleState {
  const { status, user, client } = useAuth();
  const userId = user?.id ?? null;
  // Keyed by user, so a change of user never shows the previous one's role.
  const role = useLoadedFor(client, userId, fetchUserRole);
  const loading = status === 'loading' || (userId !== null && role === null);
  return { role, loading, isAdmin: role === 'admin' };
}
