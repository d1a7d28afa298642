import { useEffect, useState } from 'react';

import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * What `load` answered for `key` (a user id, an access token), or null until it has. A change of
 * key never shows the previous key's answer, and an answer that arrives after the key changed or
 * the component went away is dropped. `load` must be a stable function that does not reject.
 */
export function useLoadedFor<T>(
  client: AppSupabaseClient | null,
  key: string | null,
  load: (client: AppSupabaseClient, key: string) => Promise<T>,
): T | null {
  const [loaded, setLoaded] = useState<{ key: string; value: T } | null>(null);

  useEffect(() => {
    if (!client || !key) return;
    let active = true;
    void load(client, key).then((value) => {
      if (active) setLoaded({ key, value });
    });
    return () => {
      active = false;
    };
  }, [client, key, load]);

  return key !== null && loaded?.key === key ? loaded.value : null;
}
