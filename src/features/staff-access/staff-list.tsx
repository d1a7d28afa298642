import { buttonClass } from '@/components/ui/button-styles';
import { EmailText } from '@/features/staff-access/email-text';
import { formatSignIn, staffName, type StaffMember } from '@/features/staff-access/staff-access';

type StaffListProps = {
  staff: readonly StaffMember[];
  /** The signed-in admin: their own row offers no revoke (the database refuses it too). */
  currentUserId: string;
  busy: boolean;
  onRevoke: (member: StaffMember) => void;
  onRename: (member: StaffMember) => void;
};

const mfaText = (member: StaffMember) => (member.mfa_enrolled ? 'Enrolled' : 'Not enrolled');

function RevokeButton({
  member,
  currentUserId,
  busy,
  onRevoke,
}: { member: StaffMember } & Omit<StaffListProps, 'staff' | 'onRename'>) {
  if (!member.roles.includes('admin')) return null;
  if (member.user_id === currentUserId) {
    return <span className="text-sm text-ink-muted">Your account</span>;
  }
  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => onRevoke(member)}
      aria-label={`Revoke admin role from ${staffName(member)}`}
      className={buttonClass({ variant: 'outline', size: 'sm' })}
    >
      Revoke admin
    </button>
  );
}

function PersonName({
  member,
  onRename,
}: {
  member: StaffMember;
  onRename: (member: StaffMember) => void;
}) {
  return (
    <>
      <span className="block font-semibold break-words text-ink">
        {member.display_name ?? 'No name given'}{' '}
        <button
          type="button"
          onClick={() => onRename(member)}
          aria-label={`Edit name of ${staffName(member)}`}
          className="ml-1 inline-flex min-h-6 items-center px-1 text-sm font-medium text-brand-700 underline hover:text-brand-800"
        >
          Edit name
        </button>
      </span>
      <span className="block font-normal text-ink-muted">
        <EmailText email={member.email} />
      </span>
    </>
  );
}

/** From tablet width up: one table row per person. */
export function StaffTable({ staff, onRename, ...actions }: StaffListProps) {
  return (
    <table className="hidden w-full text-left text-sm md:table">
      <caption className="sr-only">
        Accounts holding a role, with multi-factor authentication and last sign-in
      </caption>
      <thead className="border-b border-slate-200 text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Name and e-mail
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Role
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            MFA
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Last sign-in
          </th>
          <th scope="col" className="py-2 font-semibold">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {staff.map((member) => (
          <tr key={member.user_id} className="border-b border-slate-100 last:border-0">
            <th scope="row" className="max-w-xs py-2 pr-4 align-top">
              <PersonName member={member} onRename={onRename} />
            </th>
            <td className="py-2 pr-4 align-top capitalize">{member.roles.join(', ')}</td>
            <td className="py-2 pr-4 align-top">{mfaText(member)}</td>
            <td className="py-2 pr-4 align-top">{formatSignIn(member.last_sign_in_at)}</td>
            <td className="py-2 text-right align-top whitespace-nowrap">
              <RevokeButton member={member} {...actions} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Below tablet width: one card per person, nothing wider than the screen. */
export function StaffCards({ staff, onRename, ...actions }: StaffListProps) {
  return (
    <ul aria-label="Accounts holding a role" className="space-y-3 md:hidden">
      {staff.map((member) => (
        <li key={member.user_id} className="min-w-0 rounded-xl border border-slate-200 p-4 text-sm">
          <PersonName member={member} onRename={onRename} />
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-ink-muted">Role</dt>
            <dd className="capitalize">{member.roles.join(', ')}</dd>
            <dt className="text-ink-muted">MFA</dt>
            <dd>{mfaText(member)}</dd>
            <dt className="text-ink-muted">Last sign-in</dt>
            <dd>{formatSignIn(member.last_sign_in_at)}</dd>
          </dl>
          <div className="mt-3">
            <RevokeButton member={member} {...actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
