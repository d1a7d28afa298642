import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import type { RowMarks } from '@/features/admin/list/enquiries-table';
import type { ListedEnquiry } from '@/features/admin/list/list-enquiries';
import { staffQuery } from '@/features/admin/shared/admin-queries';
import { useMinuteClock } from '@/features/admin/shared/enquiry-first-response';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/**
 * What the list shows beside each enquiry: unread for the signed-in staff member, the assignee's
 * name (the staff list the enquiry dialog reads, from the same cache) and the clock for due times.
 */
export function useRowMarks(rows: readonly ListedEnquiry[]): RowMarks {
  const client = useSupabaseClient();
  const unread = useMemo(
    () => new Set(rows.filter((row) => row.read_by_me === false).map((row) => row.id)),
    [rows],
  );
  const staff = useQuery(staffQuery(client)).data;
  const now = useMinuteClock();
  return useMemo(() => {
    const names = new Map(
      (staff ?? []).map((member) => [member.id, member.display_name || member.email]),
    );
    return {
      isUnread: (id) => unread.has(id),
      // Until the staff list arrives an assignee shows as nothing rather than as a wrong word.
      assignee: (id) =>
        id === null ? 'Unassigned' : (names.get(id) ?? (staff ? 'Not on the staff list' : '')),
      now,
    };
  }, [unread, staff, now]);
}
