import { SignOutButton } from '@/features/auth/sign-out-button';

/**
 * Shown at /auth to a signed-in user without the admin role. Redirecting them to /admin (as for
 * admins) would bounce straight back here with Access Denied, in a loop; instead they learn why
 * and can sign out to use another account.
 */
export function NoAccessNotice({ email }: { email: string }) {
  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <h1 className="text-2xl font-bold text-ink">Admin Access</h1>
      <p className="mt-4 text-ink-soft">
        You are signed in as <strong className="break-all text-ink">{email}</strong>, but this
        account does not have admin access yet. An administrator has to grant it.
      </p>
      <SignOutButton className="mt-6" />
    </div>
  );
}
