import { useCallback, useEffect, useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { EmailForm } from '@/components/ui/email-form';
import { SectionCard } from '@/components/ui/section-card';
import {
  formatSignIn,
  grantAdminRole,
  listStaffAccess,
  revokeAdminRole,
  type StaffMember,
} from '@/features/staff-access/staff-access';
import { isEmailAddress } from '@/lib/email-pattern';
import { rpcErrorMessage } from '@/lib/rpc-error';
import type { AppSupabaseClient } from '@/lib/supabase';

type Message = { tone: 'ok' | 'error'; text: string } | null;

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
 * when it last signed in; an admin grants or revokes the admin role by e-mail. The database
 * checks the caller, refuses to remove the last admin and writes the audit entries.
 */
export function StaffAccessPanel({ client }: { client: AppSupabaseClient }) {
  const [staff, setStaff] = useState<StaffMember[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  const load = useCallback(async () => {
    try {
      setStaff(await listStaffAccess(client));
      setLoadError(null);
    } catch (error) {
      setLoadError(rpcErrorMessage(error));
    }
  }, [client]);

  useEffect(() => {
    let live = true;
    listStaffAccess(client).then(
      (rows) => live && setStaff(rows),
      (error: unknown) => live && setLoadError(rpcErrorMessage(error)),
    );
    return () => {
      live = false;
    };
  }, [client]);

  async function change(action: 'grant' | 'revoke', address: string) {
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
            ? `${address} is no longer an admin.`
            : `${address} did not have the admin role.`;
      setMessage({ tone: 'ok', text });
      if (action === 'grant') setEmail('');
      await load();
    } catch (error) {
      setMessage({ tone: 'error', text: rpcErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

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
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Accounts holding a role, with multi-factor authentication and last sign-in
              </caption>
              <thead className="border-b border-slate-200 text-ink-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    E-mail
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
                    <th scope="row" className="py-2 pr-4 font-medium break-all text-ink">
                      {member.email}
                    </th>
                    <td className="py-2 pr-4 capitalize">{member.roles.join(', ')}</td>
                    <td className="py-2 pr-4">
                      {member.mfa_enrolled ? 'Enrolled' : 'Not enrolled'}
                    </td>
                    <td className="py-2 pr-4">{formatSignIn(member.last_sign_in_at)}</td>
                    <td className="py-2 text-right">
                      {member.roles.includes('admin') ? (
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => void change('revoke', member.email)}
                          aria-label={`Revoke admin role from ${member.email}`}
                          className={buttonClass({ variant: 'outline', size: 'sm' })}
                        >
                          Revoke admin
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
    </div>
  );
}
