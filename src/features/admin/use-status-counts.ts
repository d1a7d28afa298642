import { useEffect, useState } from 'react';

import {
  countByStatus,
  type StatusCounts,
  type SubmissionFilters,
} from '@/features/admin/list-submissions';
import type { AppSupabaseClient } from '@/lib/supabase';

/** Counts per status for the other filters (search, interest, timeline, held); null until loaded. */
export function useStatusCounts(
  client: AppSupabaseClient,
  filters: SubmissionFilters,
  refreshKey: number,
): StatusCounts | null {
  const [counts, setCounts] = useState<StatusCounts | null>(null);
  const { search, interest, timeline, held } = filters;
  useEffect(() => {
    let active = true;
    countByStatus(client, { search, interest, timeline, held, status: '' }).then(
      (next) => {
        if (active) setCounts(next);
      },
      // The table reports a failed load; the filter then shows no counts.
      () => {
        if (active) setCounts(null);
      },
    );
    return () => {
      active = false;
    };
  }, [client, search, interest, timeline, held, refreshKey]);
  return counts;
}
