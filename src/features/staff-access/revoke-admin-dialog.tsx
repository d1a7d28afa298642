import { DialogShell } from '@/components/ui/dialog-shell';
import { EmailText } from '@/features/staff-access/email-text';
import { staffName, type StaffMember } from '@/features/staff-access/staff-access';

type RevokeAdminDialogProps = {
  /** Whose role would go; null when the dialog is closed. */
  member: StaffMember | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (member: StaffMember) => void;
};

/** Asks before the admin role goes, naming the person and what they lose. */
export function RevokeAdminDialog({ member, busy, onClose, onConfirm }: RevokeAdminDialogProps) {
  return (
    <DialogShell
      open={member !== null}
      onClose={onClose}
      alert
      title={member ? `Revoke the admin role from ${staffName(member)}?` : ''}
      description={
        member ? (
          <>
            <EmailText email={member.email} /> will no longer see enquiries or manage staff, the
            enquiries assigned to them return to the team, unassigned, and their bookings feed and
            busy calendar are removed. You can grant the role again later.
          </>
        ) : (
          ''
        )
      }
      closeLabel="Cancel"
      actions={[
        {
          label: busy ? 'Revoking…' : 'Revoke admin role',
          variant: 'secondary',
          className: 'bg-red-700 hover:bg-red-800',
          disabled: busy,
          onClick: () => member && onConfirm(member),
        },
      ]}
    />
  );
}
