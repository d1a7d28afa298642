import { useCallback, useEffect, useRef, useState } from 'react';

import { fetchOverview, type EnquiryOverview } from '@/features/admin/enquiry-overview';
import { formatTime } from '@/features/admin/submission-format';
import { reportLoadError } from '@/features/admin/use-submissions';
import { useVisibleInterval } from '@/features/admin/use-visible-interval';
import type { AppSupabaseClient } from '@/lib/supabase';

export type DashboardRefresh = {
  overview: EnquiryOverview | null;
  /** Changes whenever the list and counts should reload in the background. */
  refreshKey: number;
  /** The latest "new enquiries arrived" message, for a polite live region. */
  announcement: string;
  /** Reload everything now (after the admin changed an enquiry). */
  refresh: () => void;
};

export function arrivalMessage(count: number, at: string): string {
  const what = count === 1 ? '1 new enquiry' : `${count} new enquiries`;
  return `${what} arrived at ${formatTime(at)}.`;
}

/**
 * Polls the overview every `intervalMs` while the tab is visible. Each poll asks how many
 * enquiries arrived after the newest one seen so far; the list reloads in place on every poll
 * (keeping the page, the filters and the focus), and new arrivals are announced.
 */
export function useDashboardRefresh(
  client: AppSupabaseClient,
  intervalMs: number,
): DashboardRefresh {
  const [overview, setOverview] = useState<EnquiryOverview | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const newest = useRef<string | null>(null);
  // Whether the last load found no enquiry at all: every enquiry there is now has arrived since.
  const sawNone = useRef(false);

  const load = useCallback(
    async (poll: boolean) => {
      try {
        const since = newest.current;
        const data = await fetchOverview(client, since);
        const arrived = since ? data.arrived_since : sawNone.current ? data.total : 0;
        if (poll && arrived > 0 && data.latest_created_at) {
          setAnnouncement(arrivalMessage(arrived, data.latest_created_at));
        }
        newest.current = data.latest_created_at ?? newest.current;
        sawNone.current = newest.current === null;
        setOverview(data);
      } catch (error) {
        // A failed poll keeps what is on screen; the next one tries again.
        if (!poll) reportLoadError(error);
      }
    },
    [client],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  useVisibleInterval(intervalMs, () => {
    setRefreshKey((key) => key + 1);
    void load(true);
  });

  const refresh = useCallback(() => {
    setRefreshKey((key) => key + 1);
    void load(false);
  }, [load]);

  return { overview, refreshKey, announcement, refresh };
}
