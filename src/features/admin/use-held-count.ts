import { useEffect, useState } from 'react';

import { countHeld, type SubmissionFilters } from '@/features/admin/list-submissions';
import type { AppSupabaseClient } from '@/lib/supabase';

/** How many held enquiries match the search, interest, timeline and status; null until loaded. */
export function useHeldCount(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  refreshKey: number,
): number | null {
  const [count, setCount] = useState<number | null>(null);
  const { search, interest, timeline, status } = filters;
  useEffect(() => {
    let active = true;
    countHeld(client, { search, interest, timeline, status, held: true }).then(
      (next) => {
        if (active) setCount(next);
      },
      // The table reports a failed load; the filter then shows no count.
      () => {
        if (active) setCount(null);
      },
    );
    return () => {
      active = false;
    };
  }, [client, search, interest, timeline, status, refreshKey]);
  return count;
}
