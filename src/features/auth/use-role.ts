import { useAuth } from '@/features/auth/auth-context';
import { fetchUserRole, type AppRole } from '@/features/auth/fetch-user-role';
import { useLoadedFor } from '@/features/auth/use-loaded-for';
import type { AppSupabaseClient } from '@/lib/supabase';

export type RoleState = {
  /** Null while loading or when nobody is signed in. */
  role: AppRole | null;
  loading: boolean;
  isAdmin: boolean;
};

const rolesInFlight = new WeakMap<AppSupabaseClient, Map<string, Promise<AppRole>>>();

/**
 * fetchUserRole, with one request for every caller that asks while it is in flight: the page's
 * guard and the staff frame both ask as the page starts. A later call asks the database again.
 */
function fetchRoleOnce(client: AppSupabaseClient, userId: string): Promise<AppRole> {
  const pending = rolesInFlight.get(client) ?? new Map<string, Promise<AppRole>>();
  rolesInFlight.set(client, pending);
  const known = pending.get(userId);
  if (known) return known;
  const request = fetchUserRole(client, userId).finally(() => pending.delete(userId));
  pending.set(userId, request);
  return request;
}

/** The signed-in user's role: loading, then admin or user (failure or absence means user). */
export function useRole(): RoleState {
  const { status, user, client } = useAuth();
  const userId = user?.id ?? null;
  // Keyed by user, so a change of user never shows the previous one's role.
  const role = useLoadedFor(client, userId, fetchRoleOnce);
  const loading = status === 'loading' || (userId !== null && role === null);
  return { role, loading, isAdmin: role === 'admin' };
}
