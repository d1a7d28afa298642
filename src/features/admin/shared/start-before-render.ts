import type { QueryClient } from '@tanstack/react-query';

import { enquiryQuery } from '@/features/admin/shared/admin-queries';
import { createAdminQueryClient } from '@/features/admin/shared/admin-query-provider';
import { jwtClaim } from '@/lib/jwt-claim';
import { loadSupabase } from '@/lib/load-supabase';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * A staff page's requests, started as soon as its code runs on a direct load of `path`, before
 * React has rendered the page (which takes a while, most of all on a phone): supabase-js, the
 * stored session and, for a session whose token says aal2, `start.access` (what any page needs
 * before it shows anything: the role check), then `start.page`, which fills a query cache the
 * page then takes over. An address naming an enquiry (`?enquiry=<id>`, the staff alert's link)
 * asks for that enquiry beside the access check and holds the page's own requests until it has
 * its answer: the open record is what that visit came for and is one row by its key, while the
 * list and its figures behind it are the heaviest queries of the page and, sent alongside, delay
 * it (measured with the bench's deep link: the record then came after the list).
 * Evaluated for another reason (a link's prefetch on another page) it starts nothing. Failures
 * are left to the page, which asks again and reports its own.
 *
 * Returns what the page's first render takes its query cache from: the one started here, for
 * the first render only (a later visit in the same tab starts afresh), else a new one.
 */
export function startBeforeRender(
  path: string,
  start: {
    access: (client: AppSupabaseClient, userId: string) => void;
    page: (queryClient: QueryClient, client: AppSupabaseClient, userId: string) => void;
  },
): () => QueryClient {
  let started: QueryClient | null = null;
  if (typeof window !== 'undefined' && window.location.pathname.replace(/\/$/, '') === path) {
    const queryClient = createAdminQueryClient();
    started = queryClient;
    loadSupabase()
      .then(async (client) => {
        const { session } = (await client.auth.getSession()).data;
        if (!session || jwtClaim(session.access_token, 'aal') !== 'aal2') return;
        const enquiryId = new URLSearchParams(window.location.search).get('enquiry');
        start.access(client, session.user.id);
        // prefetchQuery settles without throwing: a failed enquiry is the dialog's to report.
        if (enquiryId) await queryClient.prefetchQuery(enquiryQuery(client, enquiryId));
        start.page(queryClient, client, session.user.id);
      })
      .catch(() => {});
  }
  return () => {
    const taken = started ?? createAdminQueryClient();
    started = null;
    return taken;
  };
}
