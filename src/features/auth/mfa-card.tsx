import { useState, type ReactNode } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { signOutEverywhere } from '@/features/auth/auth-actions';
import { useAuth } from '@/features/auth/auth-context';

/** The card of a second-factor step, with a way out for someone on the wrong account. */
export function MfaCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const { getClient } = useAuth();
  const [busy, setBusy] = useState(false);

  async function handleSignOut() {
    setBusy(true);
    try {
      await signOutEverywhere(await getClient(), 'auth_sign_out');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      <div className="mt-2 space-y-2 text-sm text-ink-muted">{intro}</div>
      <div className="mt-6">{children}</div>
      <button
        type="button"
        onClick={handleSignOut}
        disabled={busy}
        className={buttonClass({ variant: 'outline', className: 'mt-4 w-full' })}
      >
        {busy ? 'Signing out...' : 'Sign Out'}
      </button>
    </div>
  );
}
