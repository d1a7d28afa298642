import type { ReactNode } from 'react';

import { DialogShell } from '@/components/ui/dialog-shell';
import { Spinner } from '@/components/ui/spinner';
import { EnquiryConsultationSection } from '@/features/admin/consultations/enquiry-consultation-section';
import type { Enquiry } from '@/features/admin/list/list-enquiries';
import { EnquiryDetails } from '@/features/admin/record/enquiry-details';
import { EnquiryFollowUpSection } from '@/features/admin/record/enquiry-follow-up-section';
import { EnquiryNotes } from '@/features/admin/record/enquiry-notes';
import { useMarkReadOnOpen } from '@/features/admin/record/enquiry-reads';
import { EnquiryReplyBox } from '@/features/admin/record/enquiry-reply-box';
import { EnquiryTimelineSection } from '@/features/admin/record/enquiry-timeline-section';
import { EnquiryWorkflowForm } from '@/features/admin/record/enquiry-workflow-form';
import { HeldNotice } from '@/features/admin/record/held-notice';
import { LeaveRecordDialog } from '@/features/admin/record/leave-record-dialog';
import { MailProblemNotice } from '@/features/admin/record/mail-problem-notice';
import { MarkUnreadButton } from '@/features/admin/record/mark-unread-button';
import { RecordDraftsProvider } from '@/features/admin/record/record-drafts';
import {
  LeaveRecordProvider,
  useRecordLeaveGuard,
} from '@/features/admin/record/record-leave-guard';
import { RelatedEnquiriesSection } from '@/features/admin/record/related-enquiries-section';
import { useStaffUserId } from '@/features/admin/record/use-staff-user-id';
import { useEnquiry, type EnquiryState } from '@/features/admin/shared/admin-queries';
import { displayValue, formatDateTime } from '@/features/admin/shared/enquiry-format';

type Props = {
  /** The enquiry to show (from a row or a deep link), or null when the dialog is closed. */
  enquiryId: string | null;
  /** The row already on screen with that id, if any, shown without waiting for a fetch. */
  initial: Enquiry | undefined;
  onClose: () => void;
  /** Opens another enquiry in the same dialog (a related one). */
  onOpenEnquiry: (id: string) => void;
  /** The bar above the record: Previous and Next enquiry in the list behind the dialog. */
  navigation: ReactNode;
};

function heading(state: EnquiryState): { title: string; description: string } {
  switch (state.kind) {
    case 'loaded':
      return {
        title: displayValue(state.enquiry.Name),
        description: `Enquiry received ${formatDateTime(state.enquiry.created_at)}`,
      };
    case 'missing':
      return {
        title: 'Enquiry not found',
        description:
          'No enquiry matches this link. It may have been deleted, or the link is incomplete.',
      };
    case 'failed':
      return {
        title: 'Enquiry not loaded',
        description: 'The enquiry could not be loaded. Try again in a moment.',
      };
    default:
      return { title: 'Loading enquiry…', description: 'Fetching the enquiry.' };
  }
}

/**
 * One enquiry in full, with a reply box, its workflow, consultation, notes and timeline; also what
 * a deep link opens. Opening it marks the enquiry read for the signed-in staff member. What is
 * typed in the reply, note, call and follow-up boxes is kept as a draft (record-drafts), and
 * leaving the record with unsent text asks first (record-leave-guard): Close, Escape, Previous,
 * Next, a related enquiry and the browser's Back alike.
 */
export function EnquiryDialog({ enquiryId, initial, onClose, onOpenEnquiry, navigation }: Props) {
  const userId = useStaffUserId();
  const guard = useRecordLeaveGuard({ enquiryId, userId, onReturn: onOpenEnquiry });
  const { shownId, leave } = guard;
  const state = useEnquiry(shownId, shownId === enquiryId ? initial : undefined);
  useMarkReadOnOpen(state.kind === 'loaded' ? state.enquiry.id : null);
  const { title, description } = heading(state);
  const close = () => leave(onClose);
  const open = (id: string) => leave(() => onOpenEnquiry(id));
  return (
    <DialogShell
      open={shownId !== null}
      onClose={close}
      title={title}
      description={description}
      closeLabel="Close"
      toastRoom
    >
      <LeaveRecordProvider value={leave}>{navigation}</LeaveRecordProvider>
      {state.kind === 'loaded' ? (
        // Keyed, so the next enquiry's record starts at its top.
        <div
          key={state.enquiry.id}
          data-enquiry-record={state.enquiry.id}
          className="space-y-6 overflow-y-auto px-6 py-4"
        >
          <RecordDraftsProvider userId={userId} enquiryId={state.enquiry.id} report={guard.report}>
            {state.enquiry.held_at ? <HeldNotice enquiry={state.enquiry} /> : null}
            <MailProblemNotice enquiry={state.enquiry} />
            <div className="flex justify-end">
              <MarkUnreadButton enquiryId={state.enquiry.id} onMarked={close} />
            </div>
            <EnquiryDetails enquiry={state.enquiry} />
            <RelatedEnquiriesSection enquiryId={state.enquiry.id} onOpen={open} />
            <EnquiryReplyBox key={`reply-${state.enquiry.id}`} enquiry={state.enquiry} />
            <EnquiryWorkflowForm key={state.enquiry.id} enquiry={state.enquiry} />
            <EnquiryConsultationSection
              key={`consultation-${state.enquiry.id}`}
              enquiryId={state.enquiry.id}
            />
            <EnquiryFollowUpSection
              key={`follow-up-${state.enquiry.id}`}
              enquiryId={state.enquiry.id}
            />
            <EnquiryNotes key={`notes-${state.enquiry.id}`} enquiryId={state.enquiry.id} />
            <EnquiryTimelineSection enquiryId={state.enquiry.id} />
          </RecordDraftsProvider>
        </div>
      ) : state.kind === 'loading' ? (
        <Spinner label="Loading enquiry…" className="flex justify-center py-10" />
      ) : null}
      <LeaveRecordDialog
        open={guard.asking}
        unsent={guard.unsent}
        onKeep={guard.keepAndLeave}
        onDiscard={guard.discardAndLeave}
        onStay={guard.stay}
      />
    </DialogShell>
  );
}
