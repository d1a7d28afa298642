import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import {
  listEnquiriesNeedingReply,
  type EnquiryNeedingReply,
} from '@/features/admin/needs-reply/list-enquiries-needing-reply';
import { figuresQuery } from '@/features/admin/overview/overview-queries';
import type { ResponseOverview, SourceOverview } from '@/features/admin/overview/response-overview';
import { listFollowUpsDue, type FollowUpDue } from '@/features/admin/record/enquiry-follow-up';
import type { StaffMember } from '@/features/admin/record/enquiry-workflow';
import { FRESH_MS, staffQuery } from '@/features/admin/shared/admin-queries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/**
 * Query keys of the reply clock. They sit under ['admin', 'enquiries'], so the invalidation that
 * follows any change to an enquiry (a reply, a recorded contact, a status) reloads them too.
 */
export const replyClockKeys = {
  needingReply: ['admin', 'enquiries', 'needs-reply'] as const,
  followUpsDue: ['admin', 'enquiries', 'follow-ups-due'] as const,
};

// A failed load is said where the figures would be (the page's alert, the overview's note), not
// toasted: the overview's figures are secondary to the list beside them. A failed poll keeps
// what is on screen.
const poll = (pollMs: number) => (pollMs > 0 ? pollMs : false);

export type NeedingReplyState = {
  rows: EnquiryNeedingReply[] | null;
  failed: boolean;
};

function needingReplyQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: replyClockKeys.needingReply,
    queryFn: () => listEnquiriesNeedingReply(client),
    staleTime: FRESH_MS,
  });
}

function followUpsDueQuery(client: AppSupabaseClient) {
  return queryOptions({
    queryKey: replyClockKeys.followUpsDue,
    queryFn: () => listFollowUpsDue(client),
    staleTime: FRESH_MS,
  });
}

/**
 * Starts the Needs a reply page's requests (the lists and the figures its section link counts
 * from) into the cache the page reads, before the page has rendered.
 */
export function prefetchNeedsReply(queryClient: QueryClient, client: AppSupabaseClient): void {
  void queryClient.prefetchQuery(needingReplyQuery(client));
  void queryClient.prefetchQuery(followUpsDueQuery(client));
  void queryClient.prefetchQuery(figuresQuery(client, queryClient));
}

/** The enquiries owed a reply (first, or to an answer by mail), oldest due first, polled. */
export function useEnquiriesNeedingReply(pollMs: number): NeedingReplyState {
  const client = useSupabaseClient();
  const query = useQuery({ ...needingReplyQuery(client), refetchInterval: poll(pollMs) });
  return { rows: query.data ?? null, failed: query.isError && query.data === undefined };
}

export type FollowUpsDueState = { rows: FollowUpDue[] | null; failed: boolean };

/** The open follow-ups due today or earlier, the oldest first, polled like the list. */
export function useFollowUpsDue(pollMs: number): FollowUpsDueState {
  const client = useSupabaseClient();
  const query = useQuery({ ...followUpsDueQuery(client), refetchInterval: poll(pollMs) });
  return { rows: query.data ?? null, failed: query.isError && query.data === undefined };
}

/** The staff list (shared with the dialog's Assigned-to list); empty until loaded. */
export function useStaffList(): StaffMember[] {
  const client = useSupabaseClient();
  return useQuery(staffQuery(client)).data ?? [];
}

/** The reply figures (what is owed now, how fast replies came) of the overview's figures. */
export function useResponseOverview(pollMs: number): {
  data: ResponseOverview | null;
  settled: boolean;
} {
  const client = useSupabaseClient();
  const query = useQuery({
    ...figuresQuery(client, useQueryClient()),
    refetchInterval: poll(pollMs),
    select: (state) => state.figures.response,
  });
  return { data: query.data ?? null, settled: !query.isPending };
}

/** The lead-source tables of the overview's figures. */
export function useSourceOverview(pollMs: number): {
  data: SourceOverview | null;
  settled: boolean;
} {
  const client = useSupabaseClient();
  const query = useQuery({
    ...figuresQuery(client, useQueryClient()),
    refetchInterval: poll(pollMs),
    select: (state) => state.figures.sources,
  });
  return { data: query.data ?? null, settled: !query.isPending };
}
