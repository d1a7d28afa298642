import { DialogShell } from '@/components/ui/dialog-shell';
import { DAY_MS } from '@/config/site';
import type { DraftSection } from '@/features/admin/record/record-drafts';
import { unsentList } from '@/features/admin/record/record-leave-guard';
import { DRAFT_TTL_MS } from '@/lib/staff-drafts';

type Props = {
  open: boolean;
  /** The parts of the record holding unsent text. */
  unsent: readonly DraftSection[];
  onKeep: () => void;
  onDiscard: () => void;
  onStay: () => void;
};

const keptDays = Math.round(DRAFT_TTL_MS / DAY_MS);

/**
 * Asked before an enquiry's record is left with unsent text. Keeping the draft is the default
 * (focused, and Enter takes it); Stay is the close button, so Escape stays too.
 */
export function LeaveRecordDialog({ open, unsent, onKeep, onDiscard, onStay }: Props) {
  const list = unsentList(unsent);
  return (
    <DialogShell
      open={open}
      onClose={onStay}
      alert
      focusMainAction
      title="Leave with unsent text?"
      description={`Not sent or saved yet: ${list}. A kept draft stays in this browser for ${keptDays} days and comes back when you open this enquiry again.`}
      closeLabel="Stay"
      actions={[
        {
          label: 'Discard and leave',
          variant: 'outline',
          onClick: onDiscard,
          className: 'text-red-800',
        },
        { label: 'Keep draft and leave', variant: 'primary', onClick: onKeep },
      ]}
    />
  );
}
