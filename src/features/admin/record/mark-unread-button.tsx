import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { notify } from '@/components/ui/toast/notify';
import { EnquiriesQueryError } from '@/features/admin/list/list-enquiries';
import { useMarkUnread } from '@/features/admin/record/enquiry-reads';

type Props = {
  enquiryId: string;
  /** Called once the mark is gone: the dialog closes, as the enquiry is unread again. */
  onMarked: () => void;
};

/** In the enquiry dialog: puts the enquiry back among the signed-in staff member's unread ones. */
export function MarkUnreadButton({ enquiryId, onMarked }: Props) {
  const markUnread = useMarkUnread();
  const [busy, setBusy] = useState(false);

  async function mark() {
    setBusy(true);
    try {
      await markUnread(enquiryId);
      notify({ title: 'Marked as unread', variant: 'success' });
      onMarked();
    } catch (error) {
      notify({
        title: 'Not changed',
        description:
          error instanceof EnquiriesQueryError
            ? error.message
            : 'Something went wrong. Try again in a moment.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void mark()}
      disabled={busy}
      className={buttonClass({ variant: 'outline', size: 'sm' })}
    >
      {busy ? 'Marking…' : 'Mark as unread'}
    </button>
  );
}
