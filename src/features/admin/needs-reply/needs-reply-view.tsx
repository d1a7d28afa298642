import { FollowUpsDueList, NeedsReplyList } from '@/features/admin/needs-reply/needs-reply-list';
import {
  useEnquiriesNeedingReply,
  useFollowUpsDue,
  useStaffList,
} from '@/features/admin/needs-reply/needs-reply-queries';
import { EnquiryDialog } from '@/features/admin/record/enquiry-dialog';
import { useRowNeighbours } from '@/features/admin/record/enquiry-neighbours';
import { EnquiryNeighboursNav } from '@/features/admin/record/enquiry-neighbours-nav';
import { useMinuteClock } from '@/features/admin/shared/enquiry-first-response';

/** The page's title, description and opening words, for the staff frame and its head tags. */
export const needsReplyPage = {
  section: 'needsReply',
  title: 'Needs a reply',
  description:
    'Enquiries owed a reply, first or to an answer by e-mail, oldest due first, and the follow-ups due today.',
  intro:
    'Every open enquiry that has not had its first reply yet, and every enquiry whose enquirer has answered by e-mail since we last replied, the one due soonest first. Open one to reply, log a call or record a reply sent from your own mailbox; it then leaves this list. Follow-ups set for today or earlier come first until they are marked done or cleared.',
} as const;

type Props = {
  /** The enquiry whose dialog is open (`?enquiry=`), or null. */
  enquiryId: string | null;
  onEnquiryChange: (id: string | null) => void;
  pollIntervalMs: number;
};

/**
 * The follow-ups due and the enquiries owed a reply, with the enquiry dialog over them; a reply,
 * contact or follow-up change reloads both.
 */
export function NeedsReplyView({ enquiryId, onEnquiryChange, pollIntervalMs }: Props) {
  const { rows, failed } = useEnquiriesNeedingReply(pollIntervalMs);
  const followUps = useFollowUpsDue(pollIntervalMs);
  const staff = useStaffList();
  const now = useMinuteClock();
  const followUpsShown = followUps.failed || (followUps.rows?.length ?? 0) > 0;
  const neighbours = useRowNeighbours({
    enquiryId,
    ids: rows?.map((row) => row.id) ?? [],
    onOpen: onEnquiryChange,
  });
  return (
    <>
      <FollowUpsDueList
        rows={followUps.rows}
        failed={followUps.failed}
        staff={staff}
        now={now}
        onOpen={onEnquiryChange}
      />
      {followUpsShown ? (
        <h2 className="mt-8 mb-3 text-lg font-bold text-ink">Awaiting a reply</h2>
      ) : null}
      {failed ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          The enquiries awaiting a reply could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <NeedsReplyList rows={rows} staff={staff} now={now} onOpen={onEnquiryChange} />
      )}
      <EnquiryDialog
        enquiryId={enquiryId}
        initial={undefined}
        onClose={() => onEnquiryChange(null)}
        onOpenEnquiry={onEnquiryChange}
        navigation={<EnquiryNeighboursNav neighbours={neighbours} />}
      />
    </>
  );
}
