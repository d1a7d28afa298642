import { useEffect, useState } from 'react';

import { useAuth } from '@/features/auth/auth-context';
import { fetchUserRole, type AppRole } from '@/features/auth/fetch-user-role';

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
  // Remember whose role was fetched, so a change of user never shows the previous one's role.
  const [fetched, setFetched] = useState<{ userId: string; role: AppRole } | null>(null);

  useEffect(() => {
    if (!client || !userId) return;
    let active = true;
    void fetchUserRole(client, userId).then((role) => {
      if (active) setFetched({ userId, role });
    });
    return () => {
      active = false;
    };
  }, [client, userId]);

  const role = userId !== null && fetched?.userId === userId ? fetched.role : null;
  const loading = status === 'loading' || (userId !== null && role === null);
  return { role, loading, isAdmin: role === 'admin' };
}
