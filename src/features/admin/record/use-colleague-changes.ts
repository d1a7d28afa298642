import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { notify } from '@/components/ui/toast/notify';
import {
  describeTimelineLine,
  loadEnquiryTimeline,
  type TimelineEvent,
} from '@/features/admin/record/enquiry-timeline';
import type { StaffMember } from '@/features/admin/record/enquiry-workflow';
import { useStaffUserId } from '@/features/admin/record/use-staff-user-id';
import { adminKeys, invalidateEnquiries } from '@/features/admin/shared/admin-queries';
import { formatTime } from '@/features/admin/shared/enquiry-format';
import { pollInterval } from '@/features/admin/shared/use-enquiry-address';
import { useSupabaseClient } from '@/lib/supabase-client-context';

/** Who did something to the enquiry, by the id the database puts in the event's details. */
function actorIdOf(event: TimelineEvent): string | null {
  const { details } = event;
  if (!details || typeof details !== 'object' || Array.isArray(details)) return null;
  const id = (details as Record<string, unknown>).actor_id;
  return typeof id === 'string' ? id : null;
}

/** "Sam Lee: Status: New → Won, at 14:02." */
export function describeColleagueChange(
  event: TimelineEvent,
  staff: readonly StaffMember[],
): string {
  const { label } = describeTimelineLine(event, staff);
  return `${event.actor ?? 'A colleague'}: ${label}, at ${formatTime(event.occurred_at)}.`;
}

/**
 * Keeps an open record current: its timeline (which names who did what) is asked again every
 * poll interval while the tab is visible, and when it holds something a colleague did since the
 * record opened, every enquiry query reloads (fields, notes, follow-ups, the list behind) and the
 * newest of those changes is returned in words. The signed-in person's own changes refresh the
 * record the usual way and are not announced; an answer by mail from the enquirer is announced.
 */
export function useColleagueChanges(enquiryId: string, staff: readonly StaffMember[]) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const every = pollInterval(searchParams.get('poll'));
  const me = useStaffUserId();
  const timeline = useQuery({
    queryKey: adminKeys.timeline(enquiryId),
    queryFn: () => loadEnquiryTimeline(client, enquiryId),
    refetchInterval: every,
  }).data;
  const seen = useRef<{ id: string; count: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    // until the session is read, nothing can be told apart from this person's own changes.
    if (!timeline || me === null) return;
    const before = seen.current?.id === enquiryId ? seen.current.count : null;
    seen.current = { id: enquiryId, count: timeline.length };
    if (before === null) {
      setNotice(null);
      return;
    }
    const added = timeline.slice(before);
    const answer = added.findLast((event) => event.event.startsWith('prospect_answer'));
    if (answer) {
      // the enquirer's answer by mail lands while the record is open: say so wherever it is.
      notify({
        title: describeTimelineLine(answer, staff).label,
        description: `From ${answer.actor ?? 'the enquirer'}, at ${formatTime(answer.occurred_at)}. It is in the timeline.`,
      });
      void invalidateEnquiries(queryClient, adminKeys.timeline(enquiryId));
    }
    const theirs = added.filter((event) => {
      const actor = actorIdOf(event);
      return actor !== null && actor !== me;
    });
    const latest = theirs.at(-1);
    if (!latest) return;
    const description = describeColleagueChange(latest, staff);
    setNotice(description);
    // the notice sits with the fields; the toast is seen wherever the record is scrolled to.
    notify({ title: 'Changed by a colleague', description });
    void invalidateEnquiries(queryClient, adminKeys.timeline(enquiryId));
  }, [timeline, me, enquiryId, staff, queryClient]);

  return { notice, dismiss: () => setNotice(null) };
}
