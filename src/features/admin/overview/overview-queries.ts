import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import {
  fetchDashboardFigures,
  type DashboardFigures,
  type EnquiryOverview,
} from '@/features/admin/overview/enquiry-overview';
import { listFailedMail } from '@/features/admin/overview/list-failed-mail';
import { adminKeys, FRESH_MS, useReportErrors } from '@/features/admin/shared/admin-queries';
import { formatTime } from '@/features/admin/shared/enquiry-format';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

export function failedMailQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: adminKeys.failedMail,
    queryFn: () => listFailedMail(client),
    staleTime: FRESH_MS,
  });
}

/** What the overview query holds: the figures and what the last arrivals announced. */
export type FiguresState = { figures: DashboardFigures; announcement: string };

export function arrivalMessage(count: number, at: string): string {
  const what = count === 1 ? '1 new enquiry' : `${count} new enquiries`;
  return `${what} arrived at ${formatTime(at)}.`;
}

/**
 * The overview's figures, one query for every hook that shows some of them. Each load asks how
 * many enquiries arrived after the newest one of the load before (read from the cache, so a load
 * started before the dashboard mounted counts as the first); arrivals after the first load are
 * announced.
 */
export function figuresQuery(client: AppSupabaseClient, queryClient: QueryClient) {
  return queryOptions({
    queryKey: adminKeys.overview,
    queryFn: async (): Promise<FiguresState> => {
      const last = queryClient.getQueryData<FiguresState>(adminKeys.overview);
      const newest = last?.figures.overview.latest_created_at ?? null;
      const figures = await fetchDashboardFigures(client, newest);
      const { overview } = figures;
      // With nothing seen yet the database counts no arrivals, but every enquiry now is new.
      const arrived = newest ? overview.arrived_since : last ? overview.total : 0;
      const announcement =
        arrived > 0 && overview.latest_created_at
          ? arrivalMessage(arrived, overview.latest_created_at)
          : (last?.announcement ?? '');
      return { figures, announcement };
    },
    staleTime: FRESH_MS,
  });
}

type OverviewState = { overview: EnquiryOverview | null; announcement: string };

/**
 * The overview's counts and weeks and the arrivals announcement, polled every `pollMs` while the
 * tab is visible. A failed poll keeps what is on screen; only a failed first load is reported.
 */
export function useOverview(pollMs: number): OverviewState {
  const client = useSupabaseClient();
  const query = useQuery({
    ...figuresQuery(client, useQueryClient()),
    refetchInterval: pollMs > 0 ? pollMs : false,
  });
  useReportErrors(query.error, query.errorUpdatedAt, query.data === undefined);
  return query.data
    ? { overview: query.data.figures.overview, announcement: query.data.announcement }
    : { overview: null, announcement: '' };
}
