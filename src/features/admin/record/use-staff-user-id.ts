import { useEffect, useState } from 'react';

import { useSupabaseClient } from '@/lib/supabase-client-context';

/**
 * The signed-in staff member's id from the client's session (null until it is read, or when
 * signed out): whose drafts this browser keeps. The staff pages render only for a session, so
 * it is known long before anyone types.
 */
export function useStaffUserId(): string | null {
  const client = useSupabaseClient();
  const [userId, setUserId] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void client.auth.getSession().then(({ data }) => {
      if (current) setUserId(data.session?.user.id ?? null);
    });
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      // Called from supabase-js's own lock: nothing here may call the client back.
      if (current) setUserId(session?.user.id ?? null);
    });
    return () => {
      current = false;
      data.subscription.unsubscribe();
    };
  }, [client]);
  return userId;
}
