import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import {
  formatSignIn,
  grantAdminRole,
  listStaffAccess,
  revokeAdminRole,
  StaffAccessError,
  type StaffMember,
} from '@/features/staff-access/staff-access';
import { isEmailAddress } from '@/lib/email-pattern';
import type { AppSupabaseClient } from '@/lib/supabase';

type Message = { tone: 'ok' | 'error'; text: string } | null;

function messageOf(error: unknown): string {
  return error instanceof StaffAccessError
    ? error.message
    : 'Something went wrong. Try again in a moment.';
}

/**
 * Who can reach the enquiries: every account holding a role, whether it has a second factor and
 * when it last signed in; an admin grants or revokes the admin role by e-mail. The database
 * checks the caller, refuses to remove the last admin and writes the audit entries.
 */
export function StaffAccessPanel({ client }: { client: AppSupabaseClient }) {
  const fieldId = useId();
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
      setLoadError(messageOf(error));
    }
  }, [client]);

  useEffect(() => {
    let live = true;
    listStaffAccess(client).then(
      (rows) => live && setStaff(rows),
      (error: unknown) => live && setLoadError(messageOf(error)),
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
      setMessage({ tone: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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

      <section
        aria-labelledby="staff-list-heading"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="staff-list-heading" className="text-xl font-bold text-ink">
          Accounts with a role
        </h2>
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
      </section>

      <section
        aria-labelledby="grant-heading"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="grant-heading" className="text-xl font-bold text-ink">
          Grant the admin role
        </h2>
        <form
          aria-label="Grant the admin role"
          noValidate
          onSubmit={grant}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <FormField
            id={fieldId}
            label="E-mail address of an existing account"
            required
            error={fieldError}
            className="grow"
          >
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                className={inputClass}
              />
            )}
          </FormField>
          <button type="submit" disabled={busy} className={buttonClass()}>
            Grant admin role
          </button>
        </form>
      </section>
    </div>
  );
}
