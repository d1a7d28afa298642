import { useState } from 'react';

import { buttonClass } from '@/components/ui/button-styles';
import { signOutEverywhere } from '@/features/auth/auth-actions';
import { useAuth } from '@/features/auth/auth-context';

/** The full-width "Sign Out" of the /auth cards: a way out for someone on the wrong account. */
export function SignOutButton({ className }: { className: string }) {
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
    <button
      type="button"
      onClick={handleSignOut}
      disabled={busy}
      className={buttonClass({ variant: 'outline', className: `w-full ${className}` })}
    >
      {busy ? 'Signing out...' : 'Sign Out'}
    </button>
  );
}
