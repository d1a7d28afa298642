import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { EmailForm } from '@/components/ui/email-form';
import { SectionCard } from '@/components/ui/section-card';
import { RevokeAdminDialog } from '@/features/staff-access/revoke-admin-dialog';
import {
  grantAdminRole,
  listStaffAccess,
  revokeAdminRole,
  staffName,
  type StaffMember,
} from '@/features/staff-access/staff-access';
import { StaffCards, StaffTable } from '@/features/staff-access/staff-list';
import { StaffNameDialog } from '@/features/staff-access/staff-name-dialog';
import { isEmailAddress } from '@/lib/email-pattern';
import { rpcErrorMessage } from '@/lib/rpc-error';
import { useSupabaseClient } from '@/lib/supabase-client-context';

type Message = { tone: 'ok' | 'error'; text: string } | null;

/** Under the staff area's `['admin', 'staff']` keys, so a change there reloads this list too. */
const staffAccessKey = ['admin', 'staff', 'access'] as const;

/** The heading, description and introduction of the staff-access page of the staff area. */
export const staffAccessPage = {
  section: 'staff',
  title: 'Staff access',
  description: 'Who holds a role, with multi-factor authentication and last sign-in.',
  intro:
    'The accounts that can reach enquiries. Granting and revoking the admin role is recorded in the audit log, and the last admin cannot be removed.',
} as const;

/**
 * Who can reach the enquiries: every account holding a role, whether it has a second factor and
 * when it last signed in, by name; an admin grants the admin role by e-mail and revokes it after
 * confirming in a dialog that names the person (never on their own row). The database checks
 * the caller, refuses to remove the last admin or oneself and writes the audit entries.
 */
export function StaffAccessPanel({
  currentUserId,
}: {
  /** The signed-in admin, whose own row offers no revoke. */
  currentUserId: string;
}) {
  const client = useSupabaseClient();
  const queryClient = useQueryClient();
  const staffQuery = useQuery({ queryKey: staffAccessKey, queryFn: () => listStaffAccess(client) });
  const staff = staffQuery.data ?? null;
  const loadError = staffQuery.error ? rpcErrorMessage(staffQuery.error) : null;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const [revoking, setRevoking] = useState<StaffMember | null>(null);
  const [naming, setNaming] = useState<StaffMember | null>(null);

  const load = () => queryClient.invalidateQueries({ queryKey: staffAccessKey });

  async function change(action: 'grant' | 'revoke', address: string, name = address) {
    setBusy(true);
    setMessage(null);
    try {
      const changed =
        action === 'grant'
          ? await grantAdminRole(client, address)
          : await revokeAdminRole(client, address);
      const text =
        action === 'grant'
          ? changed
            ? `${address} is now an admin.`
            : `${address} already had the admin role.`
          : changed
            ? `${name} is no longer an admin.`
            : `${name} did not have the admin role.`;
      setMessage({ tone: 'ok', text });
      if (action === 'grant') setEmail('');
      await load();
    } catch (error) {
      setMessage({ tone: 'error', text: rpcErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  async function confirmRevoke(member: StaffMember) {
    await change('revoke', member.email, staffName(member));
    setRevoking(null);
  }

  async function nameSaved(member: StaffMember, name: string) {
    setNaming(null);
    setMessage({ tone: 'ok', text: `${member.email} is now shown as ${name}.` });
    await load();
  }

  const listActions = { currentUserId, busy, onRevoke: setRevoking, onRename: setNaming };

  function grant() {
    const address = email.trim();
    const problem = isEmailAddress(address)
      ? undefined
      : 'Enter the e-mail address of an existing account, e.g. name@example.com.';
    setFieldError(problem);
    if (!problem) void change('grant', address);
  }

  return (
    <div className="space-y-6">
      <div role="status" aria-live="polite">
        {message ? (
          <p
            className={
              message.tone === 'ok'
                ? 'rounded-lg border border-green-200 bg-green-50 p-4 text-green-900'
                : 'rounded-lg border border-red-200 bg-red-50 p-4 text-red-800'
            }
          >
            {message.text}
          </p>
        ) : null}
      </div>

      <SectionCard title="Accounts with a role">
        {loadError ? <p className="text-red-800">{loadError}</p> : null}
        {staff === null && !loadError ? <p className="text-ink-muted">Loading staff…</p> : null}
        {staff ? (
          <>
            <StaffTable staff={staff} {...listActions} />
            <StaffCards staff={staff} {...listActions} />
          </>
        ) : null}
      </SectionCard>

      <SectionCard title="Grant the admin role">
        <EmailForm
          name="Grant the admin role"
          label="E-mail address of an existing account"
          error={fieldError}
          value={email}
          onValueChange={setEmail}
          onSubmit={grant}
          submitLabel="Grant admin role"
          busy={busy}
        />
      </SectionCard>

      {/* keyed by person, so the field starts from their current name each time */}
      <StaffNameDialog
        key={naming?.user_id ?? 'closed'}
        member={naming}
        onClose={() => setNaming(null)}
        onSaved={(member, name) => void nameSaved(member, name)}
      />

      <RevokeAdminDialog
        member={revoking}
        busy={busy}
        onClose={() => setRevoking(null)}
        onConfirm={(member) => void confirmRevoke(member)}
      />
    </div>
  );
}
