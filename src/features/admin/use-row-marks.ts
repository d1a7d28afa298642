import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { staffQuery, useReadMarks } from '@/features/admin/admin-queries';
import { useMinuteClock } from '@/features/admin/enquiry-first-response';
import type { Submission } from '@/features/admin/list-submissions';
import type { RowMarks } from '@/features/admin/submissions-table';
import type { AppSupabaseClient } from '@/lib/supabase';

/**
 * What the list shows beside each enquiry: unread for the signed-in staff member, the assignee's
 * name (the staff list the enquiry dialog reads, from the same cache) and the clock for due times.
 */
export function useRowMarks(client: AppSupabaseClient, rows: readonly Submission[]): RowMarks {
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const readIds = useReadMarks(client, ids);
  const staff = useQuery(staffQuery(client)).data;
  const now = useMinuteClock();
  return useMemo(() => {
    const names = new Map(
      (staff ?? []).map((member) => [member.id, member.display_name || member.email]),
    );
    return {
      isUnread: (id) => readIds !== null && !readIds.has(id),
      // Until the staff list arrives an assignee shows as nothing rather than as a wrong word.
      assignee: (id) =>
        id === null ? 'Unassigned' : (names.get(id) ?? (staff ? 'Not on the staff list' : '')),
      now,
    };
  }, [readIds, staff, now]);
}
