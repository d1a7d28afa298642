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

const recentRoles = new WeakMap<AppSupabaseClient, Map<string, Promise<AppRole>>>();

/** How long an answer is shared with later callers before the database is asked again. */
const SHARE_MS = 5_000;

/**
 * fetchUserRole, with one request for every caller that asks while it is in flight or within a
 * few seconds of its answer: a page that starts its requests before React renders it, the page's
 * guard and the staff frame all ask as the page starts. A later call asks the database again.
 */
function fetchRoleOnce(client: AppSupabaseClient, userId: string): Promise<AppRole> {
  const recent = recentRoles.get(client) ?? new Map<string, Promise<AppRole>>();
  recentRoles.set(client, recent);
  const known = recent.get(userId);
  if (known) return known;
  const request = fetchUserRole(client, userId).finally(() => {
    setTimeout(() => {
      if (recent.get(userId) === request) recent.delete(userId);
    }, SHARE_MS);
  });
  recent.set(userId, request);
  return request;
}

/** Asks for the user's role now, for the guard and the frame to take up when they render. */
export function startRoleCheck(client: AppSupabaseClient, userId: string): void {
  void fetchRoleOnce(client, userId);
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
