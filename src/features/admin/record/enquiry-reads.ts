import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { EnquiriesQueryError, type EnquiryPage } from '@/features/admin/list/list-enquiries';
import { adminKeys } from '@/features/admin/shared/admin-queries';
import type { AppSupabaseClient } from '@/lib/supabase';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** Marks an enquiry as opened (or, with `read` false, as not opened) by the signed-in staff member. */
export async function markEnquiryRead(
  client: AppSupabaseClient,
  id: string,
  read: boolean,
): Promise<void> {
  const { error } = await client.rpc('mark_enquiry_read', { _submission_id: id, _read: read });
  if (error) throw new EnquiriesQueryError(error);
}

/**
 * Shows a changed read mark on every cached page of the list without reloading it (so an enquiry
 * just opened does not vanish from an unread-only list behind the dialog), and reloads the counts
 * (the unread count). The list itself follows at its next load.
 */
function showReadMark(queryClient: QueryClient, id: string, read: boolean): Promise<void> {
  queryClient.setQueriesData<EnquiryPage>({ queryKey: adminKeys.pages }, (page) =>
    page?.rows.some((row) => row.id === id)
      ? {
          ...page,
          rows: page.rows.map((row) => (row.id === id ? { ...row, read_by_me: read } : row)),
        }
      : page,
  );
  return queryClient.invalidateQueries({ queryKey: adminKeys.countsAll });
}

/**
 * Marks the enquiry read for the signed-in staff member once each time a dialog opens on it
 * (`id` is the loaded enquiry's, null while closed or loading), and shows the mark in the list. A
 * failed mark is only logged: it must not get in the way of reading the enquiry.
 */
export function useMarkReadOnOpen(id: string | null): void {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (id === null || marked.current === id) return;
    marked.current = id;
    markEnquiryRead(client, id, true).then(
      () => showReadMark(queryClient, id, true),
      (error: unknown) => console.warn('[reads] enquiry not marked read:', error),
    );
  }, [client, id, queryClient]);
  useEffect(() => {
    if (id === null) marked.current = null;
  }, [id]);
}

/** Marks an enquiry not read by the signed-in staff member and shows it so in the list. */
export function useMarkUnread(): (id: string) => Promise<void> {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  return async (id) => {
    await markEnquiryRead(client, id, false);
    await showReadMark(queryClient, id, false);
  };
}
